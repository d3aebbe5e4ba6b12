import { z } from 'zod';
import { ZCompanyBody } from '@sunstamp/domain/contracts/users';

/**
 * The company dialog: the domain body, with the optional inputs as (possibly empty) text that
 * the dialog turns into null before sending, plus the support contact.
 */
export const ZCompanyForm = ZCompanyBody.extend({
  email: z.union([z.literal(''), ZCompanyBody.shape.email.unwrap().unwrap()]),
  phone_number: ZCompanyBody.shape.phone_number.unwrap().unwrap(),
  address: ZCompanyBody.shape.address.unwrap().unwrap(),
  support_contact_id: z.string(),
});
