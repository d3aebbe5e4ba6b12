import { z } from 'zod';
import { WIRE_SIZES } from './tables/wire-sizes.table.ts';
import { CONDUCTOR_TYPES, CONDUIT_TYPES, TRADE_SIZES } from './tables/nec-chapter-9.table.ts';

/** The design input's shared vocabulary: code editions, wire and conduit names, roof zones, methods (design-input.schema.ts). */

export const ZNecEdition = z.enum(['2017', '2020', '2023']);
export const ZAsceEdition = z.enum(['7-10', '7-16', '7-22']);
export const ZWireSize = z.enum(WIRE_SIZES);
export const ZConduitType = z.enum(CONDUIT_TYPES);
export const ZTradeSize = z.enum(TRADE_SIZES);
export const ZConductorType = z.enum(CONDUCTOR_TYPES);
export const ZRoofZone = z.enum(["1'", '1', '2', '2e', '2n', '2r', '3', '3e', '3r']);
export const ZInterconnectionMethod = z.enum([
  'load-side-breaker',
  'load-side-tap',
  'main-breaker-derate',
  'supply-side-tap',
]);
export type InterconnectionMethod = z.infer<typeof ZInterconnectionMethod>;

/** A positive number (the common case of the input's quantities). */
export const positive = () => z.number().positive();
