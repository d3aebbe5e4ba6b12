/**
 * Address components from a geocoder (Google's shape) to the job's address fields (spec §5, §7).
 * Puerto Rico comes back as a country with its municipio as administrative_area_level_1; we
 * treat it as a state ("Puerto Rico", "PR") and take that administrative area as the city.
 */

export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: readonly string[];
}

export interface NormalisedAddress {
  street_address: string;
  zip_code: string;
  city: string;
  state_name: string;
  state_abbreviation: string;
  country: string;
}

export const PUERTO_RICO = { name: 'Puerto Rico', abbreviation: 'PR' } as const;

const find = (components: readonly AddressComponent[], type: string) =>
  components.find((c) => c.types.includes(type));

const CITY_TYPES = ['locality', 'postal_town', 'sublocality', 'sublocality_level_1', 'administrative_area_level_3', 'neighborhood'];

export function normaliseAddressComponents(components: readonly AddressComponent[]): NormalisedAddress {
  const country = find(components, 'country');
  const number = find(components, 'street_number')?.long_name ?? '';
  const route = find(components, 'route')?.long_name ?? '';
  const zip = find(components, 'postal_code')?.long_name ?? '';
  const admin1 = find(components, 'administrative_area_level_1');
  const street_address = [number, route].filter(Boolean).join(' ');

  const cityFromTypes = CITY_TYPES.map((t) => find(components, t)?.long_name).find(Boolean) ?? '';

  // Some answers already give PR as a US state (country US, level 1 "PR"): the plain path fits.
  if (country?.short_name === PUERTO_RICO.abbreviation) {
    return {
      street_address,
      zip_code: zip,
      city: admin1?.long_name || cityFromTypes,
      state_name: PUERTO_RICO.name,
      state_abbreviation: PUERTO_RICO.abbreviation,
      country: 'US',
    };
  }

  return {
    street_address,
    zip_code: zip,
    city: cityFromTypes,
    state_name: admin1?.long_name ?? '',
    state_abbreviation: admin1?.short_name ?? '',
    country: country?.short_name ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// One place (issue 29, item 6): the job's state, its ZIP's state and its map pin's state agree.

export type PlaceState = { name: string; abbreviation: string };

/** What the address says, each part as far as it is known (null: not set or not known to us). */
export interface AddressFacts {
  /** The state chosen on the job. */
  state: PlaceState | null;
  /** The ZIP as entered and the state our ZIP dataset puts it in. */
  zip: string;
  zipState: PlaceState | null;
  /** The state the map pin lies in, when clearly outside the job's state (see the API's pinStateOf). */
  pinState: PlaceState | null;
}

export const placeName = (s: PlaceState) => `${s.name} (${s.abbreviation})`;

/**
 * The fields that contradict each other, named as the job body names them (`state`,
 * `client_zip_code`, `latitude`), each message naming both sides. A part that is not known is not
 * judged: a job without a state, a ZIP our dataset does not list or a pin with no ZIP centre near.
 */
export function addressContradictions(f: AddressFacts): Record<string, string>[] {
  const bad: Record<string, string>[] = [];
  const { state, zipState, pinState } = f;
  if (!state) {
    if (zipState && pinState && zipState.abbreviation !== pinState.abbreviation) {
      bad.push({ latitude: `The map pin is in ${placeName(pinState)}, but ZIP ${f.zip} is in ${placeName(zipState)}: move the pin or correct the ZIP.` });
    }
    return bad;
  }
  if (zipState && zipState.abbreviation !== state.abbreviation) {
    const m = `ZIP ${f.zip} is in ${placeName(zipState)}, but the state is ${placeName(state)}: correct the state or the ZIP.`;
    bad.push({ state: m }, { client_zip_code: m });
  }
  if (pinState && pinState.abbreviation !== state.abbreviation) {
    bad.push({ latitude: `The map pin is in ${placeName(pinState)}, but the state is ${placeName(state)}: move the pin or correct the state.` });
  }
  return bad;
}

/** The headline of a refusal for an address that contradicts itself. */
export const ADDRESS_CONTRADICTION_MESSAGE = 'The address does not agree with itself: the state, the ZIP, the map pin, the AHJ and the utility must be in one state.';
