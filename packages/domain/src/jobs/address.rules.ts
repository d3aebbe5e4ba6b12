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
