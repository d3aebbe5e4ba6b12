import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CODE_ROUTES, ZCodeList, ZCodeListBody, ZEquipmentBody, ZEquipmentImportQuery, ZEquipmentImportResult, ZEquipmentItem,
  ZEquipmentPage, ZEquipmentPatch, ZEquipmentQuery, ZOptionListItemBody, ZOptionListItemOut, ZOptionListItemPatch,
  ZOptionListQuery, ZOptionListSummary,
} from '@sunstamp/domain/contracts/catalogue';
import { ZOptionListOrderBody } from '@sunstamp/domain/catalogue/option-list.schema';
import { principalOf } from '../../platform/principal.ts';
import { catalogueGate } from '../../platform/access.ts';
import { csvTextOf, installCsvBody } from './csv-upload.ts';
import * as codes from './codes.service.ts';
import * as lists from './option-lists.service.ts';
import * as equipment from './equipment.service.ts';

const ZKeyParams = z.object({ key: z.string().max(100) });
const ZItemParams = z.object({ key: z.string().max(100), id: z.coerce.number().int().positive().max(2_147_483_647) });
const ZIdParams = z.object({ id: z.string().max(100) });

/** Code lists (spec §7 /codes/…), reference option lists (spec §7 option-list routes) and the equipment catalogue. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  await installCsvBody(app);

  // ---------------------------------------------------------------- codes
  app.get('/codes', {
    schema: { tags: ['codes'], summary: 'Every code list (editions on offer and the default)', response: { 200: z.array(ZCodeList) } },
  }, async () => codes.listCodeLists(ctx));
  for (const [segment, type] of Object.entries(CODE_ROUTES)) {
    app.get(`/codes/${segment}`, {
      schema: { tags: ['codes'], summary: `The ${type} code list`, response: { 200: ZCodeList } },
    }, async () => codes.getCodeList(ctx, type));
  }
  app.put('/codes/:type', {
    schema: {
      tags: ['codes'], summary: 'Replace the editions of the ibc or iebc code list (admin)',
      params: z.object({ type: z.string().max(40) }), body: ZCodeListBody, response: { 200: ZCodeList },
    },
  }, async (req) => codes.updateCodeList(ctx, principalOf(req), req.params.type, req.body));

  // ---------------------------------------------------------------- option lists
  app.get('/option-lists', {
    schema: { tags: ['reference'], summary: 'The reference option lists and where each is served', response: { 200: z.array(ZOptionListSummary) } },
  }, async () => lists.listSummaries(ctx));
  app.get('/option-lists/:key/items', {
    schema: { tags: ['reference'], summary: 'Items of one option list', params: ZKeyParams, querystring: ZOptionListQuery, response: { 200: z.array(ZOptionListItemOut) } },
  }, async (req) => lists.listItems(ctx, req.params.key, req.query.include_inactive));
  for (const key of lists.SERVED_LISTS) {
    app.get(`/${lists.routeOfList(key)}`, {
      schema: { tags: ['reference'], summary: `Option list ${key}`, querystring: ZOptionListQuery, response: { 200: z.array(ZOptionListItemOut) } },
    }, async (req) => lists.listItems(ctx, key, req.query.include_inactive));
  }
  app.post('/option-lists/:key/items', {
    schema: { tags: ['reference'], summary: 'Add an item to an option list (admin)', params: ZKeyParams, body: ZOptionListItemBody, response: { 201: ZOptionListItemOut } },
  }, async (req, reply) => reply.code(201).send(await lists.addItem(ctx, principalOf(req), req.params.key, req.body)));
  app.put('/option-lists/:key/items/:id', {
    schema: { tags: ['reference'], summary: 'Edit an option-list item; its value never changes (admin)', params: ZItemParams, body: ZOptionListItemPatch, response: { 200: ZOptionListItemOut } },
  }, async (req) => lists.updateItem(ctx, principalOf(req), req.params.key, req.params.id, req.body));
  app.put('/option-lists/:key/order', {
    preValidation: catalogueGate('option_lists'),
    schema: {
      tags: ['reference'], summary: 'Reorder an option list: every item id, in the order wanted (admin)',
      params: ZKeyParams, body: ZOptionListOrderBody, response: { 200: z.array(ZOptionListItemOut) },
    },
  }, async (req) => lists.reorderItems(ctx, principalOf(req), req.params.key, req.body.ids));
  app.delete('/option-lists/:key/items/:id', {
    schema: { tags: ['reference'], summary: 'Deactivate an option-list item (admin)', params: ZItemParams, response: { 200: ZOptionListItemOut } },
  }, async (req) => lists.deactivateItem(ctx, principalOf(req), req.params.key, req.params.id));

  // ---------------------------------------------------------------- equipment
  app.get('/equipment', {
    schema: { tags: ['equipment'], summary: 'Search the equipment catalogue', querystring: ZEquipmentQuery, response: { 200: ZEquipmentPage } },
  }, async (req) => equipment.searchEquipment(ctx, req.query));
  app.post('/equipment/import', {
    preValidation: catalogueGate('equipment'),
    schema: {
      tags: ['equipment'], summary: 'Import a CEC inverter or module list in SAM format (text/csv or multipart; staff)',
      querystring: ZEquipmentImportQuery, response: { 200: ZEquipmentImportResult },
    },
  }, async (req) => equipment.importCecEquipment(ctx, principalOf(req), req.query.kind, () => csvTextOf(req)));
  app.get('/equipment/:id', {
    schema: { tags: ['equipment'], summary: 'One equipment item', params: ZIdParams, response: { 200: ZEquipmentItem } },
  }, async (req) => equipment.getEquipment(ctx, req.params.id));
  app.post('/equipment', {
    schema: { tags: ['equipment'], summary: 'Add equipment (staff)', body: ZEquipmentBody, response: { 201: ZEquipmentItem } },
  }, async (req, reply) => reply.code(201).send(await equipment.createEquipment(ctx, principalOf(req), req.body)));
  app.put('/equipment/:id', {
    schema: { tags: ['equipment'], summary: 'Edit equipment (staff)', params: ZIdParams, body: ZEquipmentPatch, response: { 200: ZEquipmentItem } },
  }, async (req) => equipment.updateEquipment(ctx, principalOf(req), req.params.id, req.body));
  app.delete('/equipment/:id', {
    schema: { tags: ['equipment'], summary: 'Deactivate equipment (staff)', params: ZIdParams, response: { 200: ZEquipmentItem } },
  }, async (req) => equipment.deactivateEquipment(ctx, principalOf(req), req.params.id));
};
