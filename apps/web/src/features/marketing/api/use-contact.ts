import { useMutation } from '@tanstack/react-query';
import { ZContactBody } from '@sunstamp/domain/contracts/contact';
import { ZOk } from '@sunstamp/domain/contracts/common';
import { callEndpoint, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';

/** POST /contact: stored and mailed to staff; answers 201 (429 past the per-address limit). */
const contactEndpoint = sendEndpoint('POST', { path: () => '/contact', body: ZContactBody, response: ZOk, auth: false });

export const useSendContact = () => useMutation({ mutationFn: (body: BodyOf<typeof contactEndpoint>) => callEndpoint(contactEndpoint, undefined, body), meta: { silentError: true } });
