import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { sealAreasFor } from '@sunstamp/domain/engineers/seal-coverage.rules';
import type { DesignModel, PlanSetInputRaw } from '@sunstamp/planset/input.schema';
import * as repo from './plansets.repository.ts';
import { documentDayOf } from '../settings/settings.api.ts';
import { editionOf, type Circuits, type Codes, type Designed, type Runs } from './planset-input.engine.ts';
import { dataOf, num, readStored, str, type Ctx, type Facts, type Item } from './planset-input.facts.ts';

/*
 * Step 6 of a plan-set run's assembly (planset-input.service.ts): the PlanSetInput without its
 * report, for the renderer: the job's title-block facts, the design as drawn, the equipment with the
 * catalogue's datasheets, the firm, the contractor, revisions, stamps and seals, requirement files
 * and site photos.
 */

/** The title block's DRAWN BY box holds about 14 characters: the firm's name, or its initials when longer. */
export function drawnByOf(firm: string): string {
  const name = firm.trim();
  if (name.length <= 14) return name;
  return name.split(/\s+/).map((w) => w[0]!.toUpperCase()).join('').slice(0, 6);
}

/** What step 6 is handed from the files the requirements name (read in planset-input.service.ts). */
export interface RequirementFiles {
  requirementFiles: Record<string, { name: string; bytes: Uint8Array }[]>;
  contractorStamp: Uint8Array | undefined;
  revisions: PlanSetInputRaw['revisions'];
}

/**
 * Step 6: the PlanSetInput, and the PE seals it wants. Longer than ~80 lines on purpose: one
 * object literal, the renderer's input schema field by field.
 */
// eslint-disable-next-line max-lines-per-function -- one object literal, the renderer's input schema field by field (see the comment above)
export async function planSetInputOf(ctx: Ctx, facts: Facts, c: Codes, d: Designed & Circuits & Runs & { attachments: DesignModel['attachments'] }, files: RequirementFiles): Promise<{ input: Omit<PlanSetInputRaw, 'report'>; seals: { wanted: Discipline[] } }> {
  const { job, cad, cadFields, state, ahj, utilityName, firm, client, license, mpu, busbar, mainBreaker, resolved, pmaxW, md, id, bd, moduleCount, inverterType, micro, inverterLine, optimizerLine, batteryLine, mciLine, attachmentsOf, existingPv } = facts;
  const { modItem, invItem, rackItem, rv, on, exposure, fireCode } = c;
  const { layout, attachments, designStrings, designBranches, designRuns, lengthIn, widthIn, weightLb, vocV } = d;
  const { requirementFiles, contractorStamp, revisions } = files;
  const db = ctx.database.db;
  const datasheet = (item: Item | null | undefined) => readStored(ctx, item?.datasheetKey);
  // The PE seals the job's services and stamp requirements call for, on the pages the job or the
  // requirements list (none listed: the default coverage). The set is drawn as a draft with the
  // seals' places marked; the engineer seals it afterwards (deliverables/seal.service.ts).
  const sealAreas = sealAreasFor({
    services: job.servicesRequested,
    requirementOn: on,
    requirementText: (k) => (on(k) && typeof rv(k)?.value === 'string' ? String(rv(k)!.value) : ''),
    jobPages: { structural: job.structuralPagesToStamp, electrical: job.electricalPagesToStamp },
  });
  const stamps: PlanSetInputRaw['stamps'] = { ...(contractorStamp ? { contractor: contractorStamp } : {}), sealAreas };
  const seals: { wanted: Discipline[] } = { wanted: sealAreas.map((a) => a.discipline) };
  const jobFileRows = await repo.jobFileKeys(db, job.id);
  const photos = async (kind: string) => {
    const out = [];
    for (const f of jobFileRows.filter((x) => x.kind === kind && /^image\/(png|jpeg)$/.test(x.mime)).slice(0, Math.max(0, job.sitePhotoCount))) {
      const bytes = await readStored(ctx, f.storageKey);
      if (bytes) out.push({ name: f.name, bytes });
    }
    return out;
  };

  const dynamic: Record<string, unknown> = {};
  for (const k of ['case_number', 'tmk', 'site_id', 'building_permit_number', 'utility_program']) if (str(cadFields[k])) dynamic[k] = str(cadFields[k]);
  for (const k of ['asphalt_shingle_layers', 'num_stories']) if (num(cadFields[k]) !== undefined) dynamic[k] = Math.round(num(cadFields[k])!);
  if (job.parcelInfo && typeof job.parcelInfo === 'object') {
    dynamic.parcel_info = Object.fromEntries(Object.entries(job.parcelInfo as Record<string, unknown>).filter(([, v]) => v !== null && v !== '' && v !== undefined));
  }
  const design: DesignModel = { ...layout.design, attachments, strings: designStrings, branchCircuits: designBranches, runs: designRuns };
  const input: Omit<PlanSetInputRaw, 'report'> = {
    job: {
      id: job.id, name: job.name, clientName: job.clientName,
      address: { street: job.clientStreetAddress, city: job.clientCity, state: state!.abbreviation, zip: job.clientZipCode },
      ...(num(job.latitude) !== undefined ? { latitude: job.latitude! } : {}),
      ...(num(job.longitude) !== undefined ? { longitude: job.longitude! } : {}),
      ahjName: ahj!.name, utilityName,
      date: await documentDayOf(ctx),
      drawnBy: drawnByOf(firm!.name),
      codes: {
        building: `${editionOf(ahj!.ibc)} IBC`,
        ...(ahj!.irc ? { residential: `${editionOf(ahj!.irc)} IRC` } : {}),
        ...(ahj!.iebc ? { existingBuilding: `${editionOf(ahj!.iebc)} IEBC` } : {}),
        fire: `${editionOf(ahj!.fire ?? ahj!.irc)} IFC`,
        ...(ahj!.asce ? { structural: `ASCE ${ahj!.asce}` } : {}),
        other: [],
      },
      fireCode,
      designCriteria: { windSpeedMph: num(ahj!.windSpeedMph)!, exposure, groundSnowLoadPsf: num(ahj!.groundSnowLoadPsf)! },
      roofType: (['Gable Roof', 'Hip Roof', 'Flat Roof'].includes(job.roofType) ? job.roofType : 'Gable Roof') as 'Gable Roof',
      servicesRequested: job.servicesRequested,
      dynamic,
      backup: (['Whole Home', 'Partial Home'].includes(str(cad.battery_backup)) ? str(cad.battery_backup) : 'Non-Backup') as 'Non-Backup',
      existingSolar: cad.existing_solar === true,
      ...(existingPv ? { existingPv } : {}),
      groundMount: cad.needs_ground_mount === true,
      hasSubpanel: cad.subpanel_routed === true,
      ...(mpu ? { panelUpgrade: { existingBusbarA: num(cad.msp_rating)!, existingMainA: num(cad.breaker_rating)!, newBusbarA: busbar!, newMainA: mainBreaker!, model: str(cad.mpu_model_number) } } : {}),
    },
    design,
    requirements: resolved,
    equipment: {
      module: { manufacturer: modItem.manufacturer, model: modItem.model, pmaxW, vocV, iscA: num(md.iscA)!, vmpV: num(md.vmpV)!, impA: num(md.impA)!, lengthIn, widthIn, weightLb, datasheet: await datasheet(modItem) },
      inverter: {
        manufacturer: invItem.manufacturer, model: invItem.model,
        type: (['String Inverter', 'Microinverter', 'Dual Microinverter', 'True String Inverter'].includes(inverterType) ? inverterType : micro ? 'Microinverter' : 'String Inverter') as 'String Inverter',
        count: micro ? Math.ceil(moduleCount / (/Dual/i.test(inverterType) ? 2 : 1)) : Math.max(1, inverterLine!.quantity ?? 1),
        ratedOutputW: num(id.acPowerW)!, maxContinuousOutputA: num(id.maxContinuousOutputCurrentA)!, nominalAcV: num(id.nominalVoltageV) ?? 240,
        datasheet: await datasheet(invItem),
      },
      ...(optimizerLine ? { optimizer: { manufacturer: optimizerLine.item!.manufacturer, model: optimizerLine.item!.model, count: moduleCount, datasheet: await datasheet(optimizerLine.item) } } : {}),
      ...(batteryLine ? { battery: { manufacturer: batteryLine.item!.manufacturer, model: batteryLine.item!.model, count: Math.max(1, batteryLine.quantity ?? 1), energyKwh: num(bd.energyKwh) ?? 1, datasheet: await datasheet(batteryLine.item) } } : {}),
      racking: {
        manufacturer: rackItem.manufacturer, railModel: rackItem.model,
        // The attachment's own model where the catalogue has one; never the rail's name.
        attachmentModel: str(dataOf(rackItem).attachmentModel),
        attachments: attachmentsOf.map((x, k) => ({ arrayId: `A${k + 1}`, ...x! })),
        flashing: str(dataOf(rackItem).flashing) || 'Flashed roof attachment, sealed per manufacturer',
        lagDiameterIn: 0.3125, lagEmbedmentIn: 2.5, datasheet: await datasheet(rackItem),
      },
      ...(mciLine ? { rapidShutdown: { manufacturer: mciLine.item!.manufacturer, model: mciLine.item!.model, datasheet: await datasheet(mciLine.item) } } : {}),
    },
    company: { name: firm!.name, address: str(firm!.address), phone: str(firm!.phoneNumber), ...(firm!.email ? { email: firm!.email } : {}) },
    contractor: { name: client!.name, address: str(client!.address), phone: str(client!.phoneNumber), licenseNum: license },
    revisions,
    stamps,
    requirementFiles,
    sitePhotos: {
      attic: on('attic_photos_on_cad') ? await photos('attic_photos_on_cad') : [],
      electrical: on('electrical_photos_on_cad') ? await photos('electrical_photos_on_cad') : [],
    },
  };
  return { input, seals };
}
