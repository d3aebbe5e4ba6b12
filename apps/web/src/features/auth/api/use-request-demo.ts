import { useMutation } from '@tanstack/react-query';
import { ZRequestDemoBody } from '@sunstamp/domain/contracts/auth';
import { ZOk } from '@sunstamp/domain/contracts/common';
import { callEndpoint, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';

/** POST /request-demo/: stored and mailed to staff; answers 201. */
const requestDemoEndpoint = sendEndpoint('POST', { path: () => '/request-demo/', body: ZRequestDemoBody, response: ZOk, auth: false });

export const requestDemo = (body: BodyOf<typeof requestDemoEndpoint>) => callEndpoint(requestDemoEndpoint, undefined, body);

export const useRequestDemo = () => useMutation({ mutationFn: requestDemo });
