import {
  REQUIREMENT_FILE_TYPES, type RequirementFileRef, type RequirementFileType, type RequirementItemDefinition,
} from './requirement.schema.ts';

/*
 * Requirement file values (type "file"): what an upload may be, and how a value changes when a
 * file is uploaded or removed. Shared by the API (which stores the bytes and writes the value)
 * and the web form (which draws the files and the accept list). The value of a one-file
 * requirement is a reference or null; of a list requirement (`multiple`) an array, maybe empty.
 */

/** Uploads are PNG, JPEG or PDF unless a definition narrows them (the contractor stamp: images). */
export const DEFAULT_REQUIREMENT_FILE_TYPES: readonly RequirementFileType[] = REQUIREMENT_FILE_TYPES;

/** Most files one list requirement holds at one scope (decisions.md: 20 files a request). */
export const MAX_REQUIREMENT_FILES = 20;

const TYPE_INFO: Record<RequirementFileType, { label: string; accept: readonly string[] }> = {
  png: { label: 'PNG', accept: ['.png', 'image/png'] },
  jpeg: { label: 'JPEG', accept: ['.jpg', '.jpeg', 'image/jpeg'] },
  pdf: { label: 'PDF', accept: ['.pdf', 'application/pdf'] },
};

type FileDef = Pick<RequirementItemDefinition, 'type' | 'multiple' | 'fileTypes'>;

export function fileTypesOf(def: FileDef): readonly RequirementFileType[] {
  return def.fileTypes?.length ? def.fileTypes : DEFAULT_REQUIREMENT_FILE_TYPES;
}

/** Whether content of this sniffed kind (files/sniff.rules.ts) may be uploaded to the definition. */
export function isAllowedFileType(def: FileDef, sniffedKind: string): boolean {
  return (fileTypesOf(def) as readonly string[]).includes(sniffedKind);
}

/** "PNG, JPEG or PDF". */
export function describeFileTypes(def: FileDef): string {
  const labels = fileTypesOf(def).map((t) => TYPE_INFO[t].label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}` : labels[0]!;
}

/** The `accept` attribute of a file input (a hint only: the API judges by content). */
export function acceptOf(def: FileDef): string {
  return fileTypesOf(def).flatMap((t) => TYPE_INFO[t].accept).join(',');
}

export function isFileRef(v: unknown): v is RequirementFileRef {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  return typeof r.id === 'string' && r.id !== '' && typeof r.name === 'string' && r.name !== '' &&
    (r.contentType === undefined || typeof r.contentType === 'string') &&
    (r.size === undefined || (typeof r.size === 'number' && Number.isInteger(r.size) && r.size >= 0));
}

/** The file references a value holds, in order: none for null/undefined, one, or the list's. */
export function fileRefsOf(value: unknown): RequirementFileRef[] {
  if (value === null || value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter(isFileRef);
}

/** The value of a file requirement holding these references: a list for `multiple`, else one or null. */
export function fileValueOf(def: FileDef, refs: readonly RequirementFileRef[]): RequirementFileRef | RequirementFileRef[] | null {
  if (def.multiple) return [...refs];
  return refs.length ? refs[refs.length - 1]! : null;
}

/**
 * The value after uploading files at a scope: a one-file requirement takes the new file (it
 * replaces the one set there); a list appends to the list set at that scope. An inherited list is
 * not copied: the scope's own list starts empty, because values never merge across scopes.
 */
export function fileValueWithUploads(def: FileDef, current: unknown, uploaded: readonly RequirementFileRef[]) {
  return fileValueOf(def, def.multiple ? [...fileRefsOf(current), ...uploaded] : uploaded);
}

/** The value after removing one file: null for a one-file requirement, the rest of a list (maybe []). */
export function fileValueWithout(def: FileDef, current: unknown, fileId: string) {
  return fileValueOf(def, fileRefsOf(current).filter((f) => f.id !== fileId));
}

/** API path (under /api) of a stored requirement file's bytes. */
export const requirementFileDownloadPath = (fileId: string) => `/requirements/files/${encodeURIComponent(fileId)}/download`;
