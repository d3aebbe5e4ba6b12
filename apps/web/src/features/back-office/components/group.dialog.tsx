import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { z } from 'zod';
import { ROLE_LABELS } from '@sunstamp/domain/roles';
import { FormError } from '../../../components/form-error.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { AutocompleteField, TextField } from '../../../components/form/fields.tsx';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useSimpleUsers, type SimpleUser } from '../../../lib/api/simple-users.api.ts';
import { useSaveGroup } from '../api/back-office.api.ts';

const ZGroupForm = z.object({ name: z.string().trim().min(1, 'Write the group\'s name.').max(100), member_ids: z.array(z.string()) });
type GroupForm = z.infer<typeof ZGroupForm>;
export type GroupRow = { id: string; name: string; members: { id: string; full_name: string }[] };

/** Create or edit a staff group: its name and members (staff and contractors). */
export function GroupDialog({ group, onClose }: { group: GroupRow | null; onClose: () => void }) {
  const save = useSaveGroup();
  const people = useSimpleUsers(['admin', 'support', 'contractor']);
  const form = useForm<GroupForm>({
    resolver: zodResolver(ZGroupForm, friendlyErrors),
    defaultValues: { name: group?.name ?? '', member_ids: group?.members.map((m) => m.id) ?? [] },
  });
  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync({ id: group?.id, body: { name: v.name.trim(), member_ids: v.member_ids } });
      notify(group ? 'Group saved.' : 'Group created.', { variant: 'success' });
      onClose();
    } catch (e) {
      showServerError(e, form.setError, ['name', 'member_ids']);
    }
  });
  const options = people.data ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>{group ? 'Edit group' : 'New group'}</DialogTitle>
      <DialogContent>
        <FormError message={form.formState.errors.root?.server?.message} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField control={form.control} name="name" label="Name" required autoFocus fullWidth />
          <AutocompleteField<GroupForm, SimpleUser, true>
            control={form.control}
            name="member_ids"
            label="Members"
            helperText="Staff and contractors. Group Stats adds up their numbers."
            multiple
            options={options}
            loading={people.isPending}
            getOptionLabel={(u) => `${u.full_name} (${ROLE_LABELS[u.role]})`}
            fromValue={(v) => options.filter((u) => (v as string[]).includes(u.id))}
            toValue={(chosen) => chosen.map((u) => u.id)}
          />
        </Stack>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel={group ? 'Save' : 'Create'} busy={save.isPending} />
    </Dialog>
  );
}
