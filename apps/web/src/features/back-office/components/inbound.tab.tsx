import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { INBOUND_PAGE_SIZE, useContactMessages, useDemoRequests } from '../api/back-office.api.ts';

/** A sender: name, then the address as a mailto link (answering is a reply by mail). */
function Sender({ name, email, company }: { name: string; email: string; company: string }) {
  return (
    <>
      {name}
      {company && <Typography variant="body2" color="text.secondary">{company}</Typography>}
      <Link href={`mailto:${email}`} variant="body2">{email}</Link>
    </>
  );
}

/** Long text as written: line breaks kept, React escapes it (never HTML). */
const Text = ({ children }: { children: string | null }) => (
  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 560 }}>{children || '—'}</Typography>
);

const LoadError = () => <Alert severity="error">This list could not be loaded. Reload the page to try again.</Alert>;

function Pager({ count, page, onPage }: { count: number; page: number; onPage: (p: number) => void }) {
  if (count <= INBOUND_PAGE_SIZE) return null;
  return (
    <TablePagination component="div" count={count} page={page - 1} rowsPerPage={INBOUND_PAGE_SIZE} rowsPerPageOptions={[INBOUND_PAGE_SIZE]} onPageChange={(_e, p) => onPage(p + 1)} />
  );
}

/** The back office's "From the website" tab: Contact us messages and demo requests, newest first. */
export function InboundTab() {
  const [messagesPage, setMessagesPage] = useState(1);
  const [demosPage, setDemosPage] = useState(1);
  const messages = useContactMessages(messagesPage);
  const demos = useDemoRequests(demosPage);
  return (
    <Stack spacing={4}>
      <Stack spacing={1.5} component="section" aria-labelledby="inbound-messages">
        <Typography id="inbound-messages" variant="h6" component="h2">Contact messages</Typography>
        <Typography color="text.secondary">Sent with the Contact us form; each also reached the team's mailbox, where a reply goes to the sender.</Typography>
        {messages.isPending ? <Skeleton variant="rounded" height={120} /> : messages.isError ? <LoadError /> : !messages.data?.results.length ? (
          <EmptyState title="No messages yet">Messages sent from the Contact us page appear here.</EmptyState>
        ) : (
          <Paper variant="outlined">
            <TableContainer>
              <Table size="small" aria-label="Contact messages">
                <TableHead><TableRow><TableCell>Received</TableCell><TableCell>From</TableCell><TableCell>Message</TableCell></TableRow></TableHead>
                <TableBody>
                  {messages.data.results.map((m) => (
                    <TableRow key={m.id} sx={{ verticalAlign: 'top' }}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.created_at)}</TableCell>
                      <TableCell><Sender name={m.name} email={m.email} company={m.company} /></TableCell>
                      <TableCell><Text>{m.message}</Text></TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Pager count={messages.data.count} page={messagesPage} onPage={setMessagesPage} />
          </Paper>
        )}
      </Stack>
      <Stack spacing={1.5} component="section" aria-labelledby="inbound-demos">
        <Typography id="inbound-demos" variant="h6" component="h2">Demo requests</Typography>
        {demos.isPending ? <Skeleton variant="rounded" height={120} /> : demos.isError ? <LoadError /> : !demos.data?.results.length ? (
          <EmptyState title="No demo requests yet">Requests sent from the Request a demo page appear here.</EmptyState>
        ) : (
          <Paper variant="outlined">
            <TableContainer>
              <Table size="small" aria-label="Demo requests">
                <TableHead><TableRow><TableCell>Received</TableCell><TableCell>From</TableCell><TableCell>Phone</TableCell><TableCell>Message</TableCell></TableRow></TableHead>
                <TableBody>
                  {demos.data.results.map((d) => (
                    <TableRow key={d.id} sx={{ verticalAlign: 'top' }}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.created_at)}</TableCell>
                      <TableCell><Sender name={d.name} email={d.email} company={d.company} /></TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.phone || '—'}</TableCell>
                      <TableCell><Text>{d.message}</Text></TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Pager count={demos.data.count} page={demosPage} onPage={setDemosPage} />
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
