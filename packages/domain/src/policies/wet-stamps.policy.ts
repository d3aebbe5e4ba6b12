import { isClientRole, isInternalStaff, type Role } from '../roles.ts';

/*
 * Wet stamps: paper copies stamped by the engineer at the office and shipped from there. Recording
 * them (stamped, shipped, delivered, copies, notes) is our team's (admin, support); an outside
 * drafter (a contractor) has neither the paper nor the seal, and reads the task on the jobs it is
 * assigned. The client company reads it; another tenant never sees the job (404).
 */

/** Record the wet stamp's steps, copies and notes. */
export const mayMoveWetStamp = (role: Role) => isInternalStaff(role);

/** Whether the answer names who at the firm made each step (a client reads "Our team"). */
export const maySeeWetStampActors = (role: Role) => !isClientRole(role);
