/** Attributes every item carries besides its own: keys, an entity tag and timestamps. */
export interface ItemKeys {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
  gsi3pk?: string;
  gsi3sk?: string;
}

/** Builds a storable item: the entity's attributes plus keys, entity tag and timestamps. */
export function toItem<T extends object>(entity: string, keys: ItemKeys, attributes: T, now = new Date().toISOString()) {
  return { ...attributes, ...keys, entity, createdAt: now, updatedAt: now };
}

const storageAttributes = new Set([
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'gsi3pk',
  'gsi3sk',
  'entity',
  'updatedAt',
  'expiresAt',
  'children',
]);

/** Strips keys and bookkeeping so that domain objects never carry them. */
export function fromItem<T>(item: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) if (!storageAttributes.has(name)) out[name] = value;
  return out as T;
}

/** Zero-pads a position so that sort keys order numerically. */
export const position = (value: number) => String(value).padStart(4, '0');
