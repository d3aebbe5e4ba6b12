import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The component tests (vitest project `web`, jsdom): each test starts from an empty DOM, empty
// storage and the real fetch slot restored (fake-api.ts replaces it per test).
// findBy and waitFor give up after 10 s instead of 1 s: a busy machine (the unit stage runs beside
// the browser tests) can take longer than a second to render a screen; the limit only catches a hang.
configure({ asyncUtilTimeout: 10_000 });

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
