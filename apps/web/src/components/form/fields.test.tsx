import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { friendlyErrors } from '../../lib/form-resolver.ts';
import { renderApp } from '../../test/render.tsx';
import { NumberField, SelectField, SwitchField, TextField } from './fields.tsx';

// The form kit bound to react-hook-form with a domain-style zod schema: what the user types is the
// form's value, the schema's message replaces the helper text, and submit passes the typed values.
const schema = z.object({
  name: z.string().trim().min(1),
  email: z.email(),
  pitch: z.number().min(0).max(60).nullable(),
  material: z.string().min(1),
  ahj: z.number().nullable(),
  active: z.boolean(),
});
type Values = z.input<typeof schema>;

function Form({ onSubmit, defaults }: { onSubmit: (v: Values) => void; defaults?: Partial<Values> }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema, friendlyErrors),
    defaultValues: { name: '', email: '', pitch: null, material: '', ahj: null, active: false, ...defaults },
  });
  return (
    <form onSubmit={form.handleSubmit((v) => onSubmit(v))} noValidate>
      <TextField control={form.control} name="name" label="Name" helperText="As on the permit" />
      <TextField control={form.control} name="email" label="Email" />
      <NumberField control={form.control} name="pitch" label="Pitch" unit="°" />
      <SelectField
        control={form.control} name="material" label="Material" emptyLabel="Not chosen"
        options={[{ value: 'comp', label: 'Composition shingle' }, { value: 'tile', label: 'Concrete tile' }, { value: 'metal', label: 'Standing seam', inactive: true }]}
      />
      <SelectField control={form.control} name="ahj" label="AHJ" numeric emptyLabel="None" emptyValue={null} options={[{ value: '7', label: 'City of Tampa' }]} />
      <SwitchField control={form.control} name="active" label="Active" offLabel="Inactive: hidden from new jobs" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('the form kit', () => {
  it('shows the helper text, then the schema messages in its place on a bad submit, and does not submit', async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<Form onSubmit={onSubmit} />);
    expect(screen.getByText('As on the permit')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Email'));
    await user.paste('not-an-email');
    await user.click(screen.getByLabelText('Pitch'));
    await user.paste('75');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.queryByText('As on the permit')).not.toBeInTheDocument();
    expect(screen.getAllByText('This field is required.')).toHaveLength(2); // name and material
    expect(screen.getByText('Must be at most 60.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits typed values: trimmed text, a number from the number field, the option value, a numeric id, the switch', async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<Form onSubmit={onSubmit} />);
    await user.click(screen.getByLabelText('Name'));
    await user.paste('  Roof A  ');
    await user.click(screen.getByLabelText('Email'));
    await user.paste('a@b.co');
    await user.click(screen.getByLabelText('Pitch'));
    await user.paste('22.5');
    await user.click(screen.getByRole('combobox', { name: 'Material' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Concrete tile' }));
    await user.click(screen.getByRole('combobox', { name: 'AHJ' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'City of Tampa' }));
    await user.click(screen.getByLabelText('Inactive: hidden from new jobs'));
    expect(screen.getByLabelText('Active')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({ name: 'Roof A', email: 'a@b.co', pitch: 22.5, material: 'tile', ahj: 7, active: true });
  });

  it('offers an inactive option only while the field holds it, and an empty choice stored as null', async () => {
    const { user } = renderApp(<Form onSubmit={() => {}} defaults={{ material: 'metal', ahj: 7 }} />);
    await user.click(screen.getByRole('combobox', { name: 'Material' }));
    const list = within(screen.getByRole('listbox'));
    expect(list.getByRole('option', { name: 'Standing seam' })).toHaveAttribute('aria-selected', 'true');
    await user.click(list.getByRole('option', { name: 'Composition shingle' }));
    await user.click(screen.getByRole('combobox', { name: 'Material' }));
    expect(within(screen.getByRole('listbox')).queryByRole('option', { name: 'Standing seam' })).not.toBeInTheDocument();
  });

  it('keeps the number as typed and clears to null', async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<Form onSubmit={onSubmit} defaults={{ name: 'A', email: 'a@b.co', material: 'comp', pitch: 30 }} />);
    const pitch = screen.getByLabelText('Pitch');
    expect(pitch).toHaveValue(30);
    expect(screen.getByText('°')).toBeInTheDocument();
    await user.clear(pitch);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ pitch: null });
  });
});
