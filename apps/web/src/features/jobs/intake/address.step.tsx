import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import type { GeocodeResult } from '@sunstamp/domain/contracts/geocode';
import { ENCLOSURES, EXPOSURE_CATEGORIES, ROOF_TYPES } from '@sunstamp/domain/constants/options.constants';
import { GEOCODER_NO_RESULTS_MESSAGE } from '@sunstamp/domain/constants/messages.constants';
import { errorMessageOf, isApiError } from '../../../lib/api-error.ts';
import { ScopeAutocomplete } from '../../../components/requirements/scope-autocomplete.tsx';
import { checkAddressAgreement, geocodeAddress, lookupParcel, reverseGeocode } from '../api/use-geocode.ts';
import { fetchAhjs } from '../../../lib/api/ahjs.api.ts';
import { fetchJobs } from '../api/use-jobs.ts';
import { useCaseNumberAsked } from '../api/use-job-requirements.ts';
import { addressProblemLines, ahjMatchingCity, type AddressProblem } from './address-agreement.rules.ts';
import { useOptionList, useStates } from '../api/use-option-list.ts';
import { AddressMap, type LatLng } from './address.map.tsx';
import { NumberInput, SelectInput, SwitchInput, TextInput } from './intake-fields.tsx';
import type { JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';

export const LOOKUP_DEBOUNCE_MS = 400;
type Lookup = { status: 'idle' | 'loading' | 'done' | 'error'; message?: string };

/** The geocoder's failure in the spec's words (404 'No results found', 502 'Geocoder failed due to: …'). */
const lookupMessage = (e: unknown) => (isApiError(e) && e.status === 404 ? GEOCODER_NO_RESULTS_MESSAGE : errorMessageOf(e));

/**
 * How many other jobs the caller sees carry this name exactly (case and spaces aside): drafts pile
 * up under one name otherwise (issue 29, item 11). A warning, not a refusal.
 */
function useSameNameDrafts(name: string, jobId: string | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const wanted = name.trim().toLowerCase();
    if (wanted.length < 2) {
      setCount(0);
      return;
    }
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      fetchJobs({ search: name.trim(), page_size: 20 }, ctrl.signal)
        .then((page) => setCount(page.results.filter((j) => j.id !== jobId && j.name.trim().toLowerCase() === wanted).length))
        .catch(() => undefined);
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [name, jobId]);
  return count;
}

/**
 * Step 1: where the job is. Typing an address, ZIP or "City, ST" offers matches; choosing one
 * fills the address and drops the pin; dragging the pin sets latitude/longitude and fills the
 * rest by reverse geocoding.
 */
// eslint-disable-next-line max-lines-per-function -- one wizard step's form: the address search, geocoding and the fields it fills share the step's react-hook-form context and lookup state
export function AddressStep({ companies, jobId = null }: { companies: readonly { id: string; name: string }[]; jobId?: string | null }) {
  const form = useFormContext<JobIntake>();
  const { setValue } = form;
  const [lat, lng, street, city, stateId, zip, parcel, ahj] = useWatch({
    control: form.control,
    name: ['latitude', 'longitude', 'client_street_address', 'city', 'state', 'client_zip_code', 'parcel_info', 'ahj'],
  });
  // The AHJ search's state: the job's state until the user picks another (or all states: '').
  const [ahjStateFilter, setAhjStateFilter] = useState<string | null>(null);
  const states = useStates();
  const structureTypes = useOptionList('structure-types');
  const gypsumTypes = useOptionList('gypsum-types');
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<GeocodeResult[]>([]);
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const [reverse, setReverse] = useState<Lookup>({ status: 'idle' });
  const [parcelState, setParcelState] = useState<Lookup & { severity?: 'info' | 'error' | 'success' }>({ status: 'idle' });
  const picked = useRef<string | null>(null);
  // What the server's agreement check says of state, ZIP and pin (the check submit makes).
  const [agreement, setAgreement] = useState<AddressProblem[]>([]);
  const [ahjNote, setAhjNote] = useState<string | null>(null);
  const jobName = useWatch({ control: form.control, name: 'name' });
  // The AHJ case number is asked here when the job's requirements print it (issue 29, item 11).
  const [company, utility] = useWatch({ control: form.control, name: ['company', 'cad_intake.utility'] });
  const caseNumberAskers = useCaseNumberAsked({ company_id: company, ahj_id: ahj?.id, utility_id: typeof utility === 'string' && UUID_RE.test(utility) ? utility : null });
  const sameName = useSameNameDrafts(jobName, jobId);

  useEffect(() => {
    const text = query.trim();
    if (text.length < 3 || text === picked.current) {
      // Too short to look up (or the match just chosen): a lookup cut short is not still running.
      setLookup((l) => (l.status === 'loading' ? { status: 'idle' } : l));
      return;
    }
    const ctrl = new AbortController();
    // Busy from the keystroke, not only once the debounce ends: the listed matches are the previous
    // text's until the answer comes (the listbox says so with aria-busy, as the equipment picker does).
    setLookup({ status: 'loading' });
    const lookup = async () => {
      try {
        const results = await geocodeAddress(text, ctrl.signal);
        setOptions(results);
        setLookup({ status: 'done' });
      } catch (e) {
        if ((e as { name?: string })?.name === 'AbortError') return;
        setOptions([]);
        setLookup({ status: 'error', message: lookupMessage(e) });
      }
    };
    const t = setTimeout(() => void lookup(), LOOKUP_DEBOUNCE_MS);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [query]);

  useEffect(() => {
    const hasPin = lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng);
    if (stateId === null && !zip.trim()) {
      setAgreement([]);
      return;
    }
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      checkAddressAgreement({ state: stateId ?? undefined, zip: zip.trim(), ...(hasPin ? { lat, lng } : {}) }, ctrl.signal)
        .then((r) => setAgreement(r.problems))
        // A failed check is not a contradiction: submit checks again.
        .catch(() => undefined);
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [stateId, zip, lat, lng]);

  const set = <K extends keyof JobIntake>(k: K, v: JobIntake[K]) =>
    setValue(k as never, v as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted || !!form.getFieldState(k).error });

  const apply = (r: GeocodeResult) => {
    // The offline geocoder knows ZIPs and cities, not streets: keep a street already entered.
    const nextStreet = r.street_address || street;
    if (nextStreet) set('client_street_address', nextStreet);
    if (r.city) set('city', r.city);
    if (r.state_id !== null) set('state', r.state_id);
    if (r.zip_code) set('client_zip_code', r.zip_code);
    set('latitude', r.lat);
    set('longitude', r.lng);
    void preselectAhj(r.city, r.state_abbreviation);
  };

  /** With no AHJ chosen yet (or one of another state), the city's own AHJ when the directory has it (issue 29, items 6 and 11). */
  const preselectAhj = async (cityName: string, abbr: string) => {
    const current = form.getValues('ahj');
    if (!cityName || !abbr || (current && current.state === abbr)) return;
    try {
      const page = await fetchAhjs({ search: cityName, state: abbr, page_size: 10 });
      const match = ahjMatchingCity(page.results, cityName, abbr);
      if (!match) return;
      set('ahj', { id: match.id, name: match.name, state: match.state });
      setAhjNote(`${match.name} chosen from the address: change it if another authority has jurisdiction.`);
    } catch {
      // The picker still offers the state's AHJs.
    }
  };

  const onPin = async (p: LatLng) => {
    set('latitude', p.lat);
    set('longitude', p.lng);
    setReverse({ status: 'loading' });
    try {
      const [r] = await reverseGeocode(p.lat, p.lng);
      if (r) {
        if (r.street_address) set('client_street_address', r.street_address);
        if (r.city) set('city', r.city);
        if (r.state_id !== null) set('state', r.state_id);
        if (r.zip_code) set('client_zip_code', r.zip_code);
        void preselectAhj(r.city, r.state_abbreviation);
      }
      setReverse({ status: 'done', message: r ? `Pin near ${r.formatted_address}.` : undefined });
    } catch (e) {
      setReverse({ status: 'error', message: lookupMessage(e) });
    }
  };

  const stateAbbr = states.data?.find((s) => s.id === stateId)?.abbreviation ?? '';
  const ahjState = ahjStateFilter ?? stateAbbr;
  const onParcel = async () => {
    if (!street.trim()) {
      setParcelState({ status: 'error', severity: 'error', message: 'Enter the street address first.' });
      return;
    }
    setParcelState({ status: 'loading' });
    try {
      const { parcel_info } = await lookupParcel({ address: street, city, state: stateAbbr, zip_code: zip });
      set('parcel_info', parcel_info);
      setParcelState({ status: 'done', severity: 'success', message: 'Parcel details added to the job.' });
    } catch (e) {
      const notConfigured = isApiError(e) && e.status === 501;
      setParcelState({ status: 'error', severity: notConfigured ? 'info' : 'error', message: errorMessageOf(e) });
    }
  };

  const problems = addressProblemLines(agreement, ahj, states.data?.find((s) => s.id === stateId) ?? null);
  const position = lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={2}>
          <TextInput name="name" label="Job name" required helperText="How you refer to this job, e.g. the homeowner's last name." maxLength={200} />
          {sameName > 0 && (
            <Alert severity="warning" data-testid="duplicate-name">
              {sameName === 1 ? 'Another job already has this name' : `${sameName} other jobs already have this name`}: give this one a name you will tell apart, or continue the existing draft from the jobs list.
            </Alert>
          )}
          <TextInput name="client_name" label="Homeowner / client name" maxLength={200} />
          {companies.length > 1 && (
            <SelectInput name="company" label="Company" required options={companies.map((c) => ({ value: c.id, label: c.name }))} emptyValue={null} />
          )}
          <Autocomplete<GeocodeResult, false, false, true>
            freeSolo
            filterOptions={(x) => x}
            options={options}
            slotProps={{ listbox: { 'aria-busy': lookup.status === 'loading' } }}
            getOptionLabel={(o) => (typeof o === 'string' ? o : o.formatted_address)}
            inputValue={query}
            onInputChange={(_, v, reason) => {
              if (reason === 'input' || reason === 'clear') {
                picked.current = null;
                setQuery(v);
                if (!v.trim()) setLookup({ status: 'idle' });
              }
            }}
            onChange={(_, v) => {
              if (v && typeof v !== 'string') {
                picked.current = v.formatted_address;
                apply(v);
                setQuery(v.formatted_address);
                setLookup({ status: 'done', message: undefined });
              }
            }}
            noOptionsText={lookup.status === 'loading' ? 'Looking up…' : 'Type an address, ZIP or "City, ST"'}
            renderOption={(props, o) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <li key={key} {...rest}>
                  <PlaceOutlined fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />
                  {o.formatted_address}
                </li>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Find the site"
                placeholder='123 Main St, 78701 — or a ZIP, or "Austin, TX"'
                error={lookup.status === 'error'}
                helperText={lookup.status === 'error' ? lookup.message : 'Choose a match to fill the address and place the pin.'}
                slotProps={{
                  input: {
                    ...params.InputProps,
                    startAdornment: (
                      <InputAdornment position="start">
                        <TravelExploreOutlined fontSize="small" />
                      </InputAdornment>
                    ),
                    endAdornment: (
                      <>
                        {lookup.status === 'loading' && <CircularProgress size={18} aria-label="Searching addresses" />}
                        {params.InputProps.endAdornment}
                      </>
                    ),
                  },
                  htmlInput: { ...params.inputProps, 'aria-label': 'Find the site' },
                }}
              />
            )}
          />
          <TextInput name="client_street_address" label="Street address" required maxLength={300} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 5 }}>
              <TextInput name="city" label="City" maxLength={200} />
            </Grid>
            <Grid size={{ xs: 7, sm: 4 }}>
              <SelectInput
                name="state"
                label="State"
                emptyLabel="Not set"
                emptyValue={null}
                numeric
                options={(states.data ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.abbreviation})` }))}
              />
            </Grid>
            <Grid size={{ xs: 5, sm: 3 }}>
              <TextInput name="client_zip_code" label="ZIP" maxLength={20} />
            </Grid>
          </Grid>
          {problems.length > 0 && (
            <Alert severity="warning" data-testid="address-agreement" role="alert">
              <Typography variant="body2" sx={{ fontWeight: 700 }}>The address does not agree with itself: fix it before you submit.</Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {problems.map((line) => <li key={line}>{line}</li>)}
              </Box>
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <ScopeAutocomplete
                kind="ahj"
                label="AHJ"
                value={ahj?.id ?? null}
                fallback={ahj ? { id: ahj.id, label: ahj.name, detail: ahj.state, state: ahj.state } : null}
                state={ahjState || undefined}
                helperText={ahjNote ?? 'The authority having jurisdiction: its requirements apply to the plan set.'}
                onChange={(id, o) => {
                  setAhjNote(null);
                  set('ahj', id && o ? { id, name: o.label, state: o.state ?? '' } : null);
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                select
                fullWidth
                label="AHJs in"
                value={ahjState}
                onChange={(e) => setAhjStateFilter(e.target.value)}
                slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
              >
                <MenuItem value="">All states</MenuItem>
                {(states.data ?? []).map((s) => (
                  <MenuItem key={s.id} value={s.abbreviation}>
                    {s.abbreviation} · {s.name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            {caseNumberAskers.length > 0 && (
              <Grid size={{ xs: 12, sm: 8 }}>
                <TextInput
                  name="case_number"
                  label="AHJ case number"
                  maxLength={100}
                  helperText={`${ahj?.name ?? 'The AHJ'} prints its case (permit) number in the plan set's title block: needed before you submit.`}
                />
              </Grid>
            )}
          </Grid>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <AddressMap position={position} onPick={onPin} />
        <Typography variant="caption" color={reverse.status === 'error' ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 0.5 }} role={reverse.status === 'error' ? 'alert' : undefined}>
          {reverse.status === 'loading'
            ? 'Finding the address of the pin…'
            : reverse.message ?? (position ? 'Drag the pin (or click the map) to the exact spot on the roof.' : 'Find the site to place the pin, or click the map.')}
        </Typography>
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={{ xs: 6, sm: 4 }}>
            <NumberInput name="latitude" label="Latitude" />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <NumberInput name="longitude" label="Longitude" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <NumberInput name="home_elevation" label="Elevation" unit="ft" />
          </Grid>
        </Grid>
        <Box sx={{ mt: 2 }}>
          <Button variant="outlined" size="small" onClick={onParcel} loading={parcelState.status === 'loading'}>
            Look up parcel
          </Button>
          {parcelState.message && (
            <Alert severity={parcelState.severity ?? 'info'} sx={{ mt: 1 }} data-testid="parcel-message">
              {parcelState.message}
            </Alert>
          )}
          {parcel && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Parcel {parcel.parcel_id ?? '—'} · {parcel.county_name ?? ''} {parcel.zoning ? `· zoning ${parcel.zoning}` : ''}
            </Typography>
          )}
        </Box>
      </Grid>
      <Grid size={12}>
        <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1.5 }}>
          Building
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <SelectInput name="structure_type" label="Structure type" emptyLabel="Not set" emptyValue={null} options={structureTypes.data ?? []} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 2 }}>
            <SelectInput name="roof_type" label="Roof type" options={ROOF_TYPES} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 2 }}>
            <SelectInput name="gypsum_type" label="Drywall" options={gypsumTypes.data ?? []} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 2 }}>
            <SelectInput name="enclosed" label="Enclosure" options={ENCLOSURES} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 2 }}>
            <SelectInput name="exposure_category" label="Exposure" emptyLabel="Not set" emptyValue={null} options={EXPOSURE_CATEGORIES} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextInput name="notes" label="Notes" multiline rows={3} maxLength={10000} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={1}>
              <TextInput name="job_files_link" label="Shared folder link" helperText="Google Drive, Dropbox or OneDrive folder with site photos (optional)." maxLength={2000} />
              <SwitchInput name="company_verified_inspection" label="Company verified the site inspection" />
              <SwitchInput name="no_pictures" label="No site pictures available" />
            </Stack>
          </Grid>
        </Grid>
      </Grid>
    </Grid>
  );
}
