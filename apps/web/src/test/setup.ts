import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The component tests (vitest project `web`, jsdom): each test starts from an empty DOM, empty
// storage and the real fetch slot restored (fake-api.ts replaces it per test).
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// jsdom has no object URLs; the screens make them for downloads and previews.
URL.createObjectURL ??= () => 'blob:test';
URL.revokeObjectURL ??= () => {};
