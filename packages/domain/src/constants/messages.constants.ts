/** Message texts of spec §8, exact wording. Templates fill the spec's {placeholders}. */

export const NO_RESPONSE_MESSAGE =
  'No response received! Please try your action again, or refresh the page.';
/** The status the client reports when no response arrived (spec §8). */
export const NO_RESPONSE_STATUS = 500;
export const UNKNOWN_ERROR_MESSAGE =
  'An unknown error occurred! Please try your action again, or refresh the page.';
export const UNAUTHORIZED_NO_TOKEN_MESSAGE = 'Unauthorized user attempting to make API call!';
export const STATS_ERROR_MESSAGE = 'Error getting statistics from server!';
export const CUT_SHEET_DOWNLOAD_ERROR_MESSAGE = 'There was an error downloading the cut-sheet!';
export const downloadWarningMessage = (name: string) =>
  `There was an error downloading ${name}. Try downloading it manually.`;
export const remoteFetchErrorMessage = (code: number | string) => `HTTP error! Status: ${code}`;
/** Joins the items of an error envelope's `args` (spec §8). */
export const ERROR_ARGS_SEPARATOR = ' -- ';

export const GEOCODER_NO_RESULTS_MESSAGE = 'No results found';
export const geocoderFailedMessage = (status: string) => `Geocoder failed due to: ${status}`;

export type MessageSeverity = 'error' | 'warning';

/** Spec §8 Generation: cut sheets are a warning (the set is still usable), the rest errors. */
export const GENERATION_ERRORS = {
  cut_sheets_failed: {
    severity: 'warning',
    message: 'A cut sheet page may be missing. Please update cut sheet for applicable materials.',
  },
  modelspace_failed: {
    severity: 'error',
    message: 'Model space generation failed. Please review project information and try again.',
  },
  title_block_failed: {
    severity: 'error',
    message: 'Title block generation failed. Please review project information and try again.',
  },
  pv1_failed: {
    severity: 'error',
    message: 'PV-1 generation failed. Please review project information and try again.',
  },
  pv2_failed: {
    severity: 'error',
    message:
      'PV-2 generation failed. Please review panel layout and mounting details before trying again.',
  },
  pv3_failed: {
    severity: 'error',
    message:
      'PV-3 generation failed. Please review structural attachments and roof details before trying again.',
  },
  pv4_failed: {
    severity: 'error',
    message:
      'PV-4 generation failed. Please review electrical information and single line diagram before trying again.',
  },
  pv5_failed: {
    severity: 'error',
    message:
      'PV-5 generation failed. Please review notes and additional specifications before trying again.',
  },
} as const satisfies Record<string, { severity: MessageSeverity; message: string }>;
