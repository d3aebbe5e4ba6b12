import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS } from '@sunstamp/domain/roles';
import { getDisplayName, getInitials } from '@sunstamp/domain/format/display-name.format';
import { PageHeader } from '../../../components/page-header.tsx';
import { notify } from '../../../lib/notify.ts';
import { useResendVerification } from '../../../lib/session/resend-verification.api.ts';
import { useSession, useSessionUser } from '../../../lib/session/session.context.ts';
import { useUpdateMe, type UpdateMeBody } from '../api/use-update-me.ts';
import { ChangePasswordForm, SetPasswordForm } from '../components/password.form.tsx';
import { ProfileForm } from '../components/profile.form.tsx';

function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** The signed-in user's profile: name and phone, notification switches, password. */
// eslint-disable-next-line max-lines-per-function -- three small forms (name and phone, notification switches, password) and the verification resend, all saved through the one updateMe mutation
export function ProfilePage() {
  const user = useSessionUser();
  const { me } = useSession();
  const updateMe = useUpdateMe();
  const resend = useResendVerification();
  const stats = me?.month_stats;

  const saveProfile = async (body: UpdateMeBody) => {
    await updateMe.mutateAsync(body);
    notify('Profile saved.', { variant: 'success' });
  };
  const savePassword = async (body: UpdateMeBody) => {
    await updateMe.mutateAsync(body);
    notify('Password changed.', { variant: 'success' });
  };
  const resendLink = async () => {
    const r = await resend.mutateAsync().catch(() => null);
    if (r) notify(r.detail, { variant: 'success' });
  };

  return (
    <>
      <PageHeader title="Profile" subtitle="Your details, notifications and password." />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent sx={{ p: 3, textAlign: 'center' }}>
              <Avatar sx={{ width: 72, height: 72, mx: 'auto', mb: 2, fontSize: 28, fontWeight: 700, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
                {getInitials(user)}
              </Avatar>
              <Typography variant="h6" component="h2">{getDisplayName(user)}</Typography>
              <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {user.email}
              </Typography>
              <Stack direction="row" spacing={1} justifyContent="center" sx={{ mt: 1.5 }} flexWrap="wrap" useFlexGap>
                <Chip size="small" label={ROLE_LABELS[user.role]} color="primary" variant="outlined" />
                <Chip
                  size="small"
                  label={user.verifiedEmail ? 'Email confirmed' : 'Email not confirmed'}
                  color={user.verifiedEmail ? 'success' : 'warning'}
                  variant="outlined"
                />
              </Stack>
              {!user.verifiedEmail && (
                <Button size="small" sx={{ mt: 1.5 }} onClick={resendLink} loading={resend.isPending}>
                  Send the confirmation link again
                </Button>
              )}
            </CardContent>
            <Divider />
            <CardContent sx={{ p: 3 }}>
              <Typography variant="overline" color="text.secondary">
                Companies
              </Typography>
              <Typography sx={{ mb: 2 }}>{user.companies.map((c) => c.name).join(', ') || '—'}</Typography>
              {user.rae_support_contact && (
                <>
                  <Typography variant="overline" color="text.secondary">
                    Your support contact
                  </Typography>
                  <Typography>{user.rae_support_contact.full_name}</Typography>
                  <Link href={`mailto:${user.rae_support_contact.email}`} variant="body2">
                    {user.rae_support_contact.email}
                  </Link>
                  {user.rae_support_contact.phone_number && (
                    <Typography variant="body2" color="text.secondary">
                      {user.rae_support_contact.phone_number}
                    </Typography>
                  )}
                </>
              )}
              {stats && (
                <Stack direction="row" spacing={3} sx={{ mt: 2 }}>
                  <div>
                    <Typography variant="h5" component="p">{stats.jobs_completed_this_month}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      jobs completed this month
                    </Typography>
                  </div>
                  <div>
                    <Typography variant="h5" component="p">{stats.revisions_this_month}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      revisions this month
                    </Typography>
                  </div>
                </Stack>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            <Section title="Details and notifications" subtitle="How we address you and what we email you about.">
              <ProfileForm user={user} submitLabel="Save profile" onSubmit={saveProfile} />
            </Section>
            <Section
              title={user.needsPassword ? 'Set a password' : 'Change password'}
              subtitle="Choose one you do not use anywhere else."
            >
              {user.needsPassword ? (
                <>
                  <Alert severity="info" sx={{ mb: 2 }}>
                    Your account has no password yet.
                  </Alert>
                  <SetPasswordForm submitLabel="Set password" onSubmit={savePassword} />
                </>
              ) : (
                <ChangePasswordForm submitLabel="Change password" onSubmit={savePassword} />
              )}
            </Section>
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}
