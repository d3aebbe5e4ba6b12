import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import type { GeocodeResult } from '@sunstamp/domain/contracts/geocode';
import { defaultJobIntake, type JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import { fakeApi, type ApiCall } from '../../../test/fake-api.ts';
import { renderApp, userOf } from '../../../test/render.tsx';
import { AddressStep, LOOKUP_DEBOUNCE_MS } from './address.step.tsx';

const match = (street: string, city: string, zip: string): GeocodeResult => ({
  street_address: street, zip_code: zip, city, state_name: 'Texas', state_abbreviation: 'TX', state_id: 43,
  lat: 30.27, lng: -97.74, formatted_address: `${street}, ${city}, TX ${zip}`, place_id: null, source: 'offline',
});

/** GET /geocode answered by the test: each call waits until the test releases it with its matches. */
function heldGeocoder() {
  const held: { address: string; release: (results: GeocodeResult[]) => void }[] = [];
  fakeApi({
    'GET /geocode': (call: ApiCall) =>
      new Promise((resolve) => {
        held.push({ address: call.query.get('address') ?? '', release: resolve });
      }),
    'GET /states': [{ id: 43, name: 'Texas', abbreviation: 'TX' }],
    'GET /jobs': { count: 0, page: 1, page_size: 20, results: [] },
  });
  return held;
}

function Step() {
  const form = useForm<JobIntake>({ defaultValues: defaultJobIntake(null) });
  return (
    <FormProvider {...form}>
      <AddressStep companies={[]} />
    </FormProvider>
  );
}

describe('the address step’s site search', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('marks its matches busy from the keystroke until the typed address is answered', async () => {
    // The debounce on a clock of the test's own: on a loaded machine the six keystrokes once took
    // longer than the debounce, and the request had gone before the first check. Testing Library
    // advances that clock itself (its waits, and the setTimeout(0) that ends each event) only where
    // it sees Jest's fake timers, so it is shown vitest's under that name.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    const held = heldGeocoder();
    const { user } = renderApp(<Step />, { user: userOf('user') });
    const box = screen.getByRole('combobox', { name: 'Find the site' });

    await user.type(box, '1 Main');
    // Before the debounce ends and no request has gone: already busy, and said so.
    expect(held).toHaveLength(0);
    expect(screen.getByRole('progressbar', { name: 'Searching addresses' })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS);
    await waitFor(() => expect(held).toHaveLength(1));
    expect(held[0]!.address).toBe('1 Main');
    held[0]!.release([match('1 Main St', 'Austin', '78701'), match('1 Main Ave', 'Austin', '78702')]);
    await waitFor(() => expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'false'));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent))
      .toEqual(['1 Main St, Austin, TX 78701', '1 Main Ave, Austin, TX 78702']);

    // Typing on: the old matches stay listed, marked busy, until the new text is answered.
    await user.type(box, ' St');
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(held.at(-1)!.address).toBe('1 Main St'));
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
    held.at(-1)!.release([match('1 Main St', 'Austin', '78701')]);
    await waitFor(() => expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'false'));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    expect(screen.queryByRole('progressbar', { name: 'Searching addresses' })).not.toBeInTheDocument();
  });

  it('is not left searching when the text is cut too short to look up', async () => {
    const held = heldGeocoder();
    const { user } = renderApp(<Step />, { user: userOf('user') });
    const box = screen.getByRole('combobox', { name: 'Find the site' });
    await user.type(box, '1 Main');
    await waitFor(() => expect(held).toHaveLength(1));
    // The request is still out when the user deletes back to two characters.
    await user.type(box, '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect((box as HTMLInputElement).value).toBe('1 ');
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Searching addresses' })).not.toBeInTheDocument());
    expect(held).toHaveLength(1);
  });
});
