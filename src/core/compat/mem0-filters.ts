/**
 * @module core/compat/mem0-filters
 * mem0's `filters` grammar (pure): logical AND / OR / NOT, field conditions with a plain value
 * (equality), `*` (any non-null value) or operators `in`, `nin`, `eq`, `ne`, `gt`, `gte`, `lt`,
 * `lte`, `contains`, `icontains`; dates compare as instants; `metadata` matches per key. Also
 * extracts the entity ids a filter names, which select the scopes to read.
 */
import { InvalidInputError } from '../errors.ts';

export type Mem0Filters = Record<string, unknown>;

export const ENTITY_FIELDS = ['user_id', 'agent_id', 'app_id', 'run_id'] as const;
export type EntityField = (typeof ENTITY_FIELDS)[number];

const OPERATORS = new Set(['in', 'nin', 'eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains', 'icontains']);
const LOGICAL = new Set(['AND', 'OR', 'NOT']);
const DATE_FIELDS = new Set(['created_at', 'updated_at', 'valid_from', 'valid_to', 'event_date', 'expiration_date']);

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Throws InvalidInputError naming the first malformed part (unknown operator, non-array AND/OR...). */
export function validateFilters(f: unknown, path = 'filters'): void {
  if (!isObj(f)) throw new InvalidInputError(`${path} must be an object`);
  for (const [k, v] of Object.entries(f)) {
    if (k === 'AND' || k === 'OR') {
      if (!Array.isArray(v) || v.length === 0) throw new InvalidInputError(`${path}.${k} must be a non-empty array of filters`);
      v.forEach((c, i) => validateFilters(c, `${path}.${k}[${i}]`));
    } else if (k === 'NOT') {
      const items = Array.isArray(v) ? v : [v];
      items.forEach((c, i) => validateFilters(c, `${path}.NOT[${i}]`));
    } else if (k === 'metadata' && isObj(v) && !Object.keys(v).some((op) => OPERATORS.has(op))) {
      for (const [mk, mv] of Object.entries(v)) validateCondition(mv, `${path}.metadata.${mk}`);
    } else {
      validateCondition(v, `${path}.${k}`, DATE_FIELDS.has(k));
    }
  }
}

/** A date operand: epoch seconds, or a string Date.parse reads (ISO-8601). */
function isDateOperand(v: unknown): boolean {
  if (v === null || v === '*') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'string' && !Number.isNaN(Date.parse(v));
}

function validateCondition(v: unknown, path: string, isDate = false): void {
  if (!isObj(v)) {
    if (isDate && !isDateOperand(v)) throw new InvalidInputError(`${path} must be an ISO-8601 date or epoch seconds, got ${JSON.stringify(v)}`);
    return;
  }
  for (const [op, arg] of Object.entries(v)) {
    if (!OPERATORS.has(op)) throw new InvalidInputError(`${path}: unknown operator "${op}" (use ${[...OPERATORS].join(', ')})`);
    if ((op === 'in' || op === 'nin') && !Array.isArray(arg)) throw new InvalidInputError(`${path}.${op} must be an array`);
    if (isDate && op !== 'contains' && op !== 'icontains') {
      for (const a of Array.isArray(arg) ? arg : [arg]) {
        if (!isDateOperand(a)) throw new InvalidInputError(`${path}.${op} must be an ISO-8601 date or epoch seconds, got ${JSON.stringify(a)}`);
      }
    }
  }
}

/** A flat document a filter is evaluated against (a mem0 memory view). */
export type FilterDoc = Record<string, unknown> & { metadata?: Record<string, unknown> | null };

export function matchesFilters(doc: FilterDoc, f: Mem0Filters): boolean {
  for (const [k, v] of Object.entries(f)) {
    if (k === 'AND') {
      if (!(v as Mem0Filters[]).every((c) => matchesFilters(doc, c))) return false;
    } else if (k === 'OR') {
      if (!(v as Mem0Filters[]).some((c) => matchesFilters(doc, c))) return false;
    } else if (k === 'NOT') {
      const items = (Array.isArray(v) ? v : [v]) as Mem0Filters[];
      if (items.some((c) => matchesFilters(doc, c))) return false;
    } else if (k === 'metadata' && isObj(v) && !Object.keys(v).some((op) => OPERATORS.has(op))) {
      const md = doc.metadata ?? {};
      for (const [mk, mv] of Object.entries(v)) if (!matchesCondition(md[mk], mv, false)) return false;
    } else {
      if (!matchesCondition(fieldValue(doc, k), v, DATE_FIELDS.has(k))) return false;
    }
  }
  return true;
}

function fieldValue(doc: FilterDoc, field: string): unknown {
  if (field.startsWith('metadata.')) return (doc.metadata ?? {})[field.slice('metadata.'.length)];
  return doc[field];
}

function matchesCondition(actual: unknown, cond: unknown, isDate: boolean): boolean {
  if (cond === '*') return actual !== null && actual !== undefined;
  if (!isObj(cond)) return equals(actual, cond, isDate);
  for (const [op, arg] of Object.entries(cond)) {
    if (!matchesOp(actual, op, arg, isDate)) return false;
  }
  return true;
}

function matchesOp(actual: unknown, op: string, arg: unknown, isDate: boolean): boolean {
  switch (op) {
    case 'eq':
      return equals(actual, arg, isDate);
    case 'ne':
      return !equals(actual, arg, isDate);
    case 'in':
      return (arg as unknown[]).some((a) => equals(actual, a, isDate));
    case 'nin':
      return !(arg as unknown[]).some((a) => equals(actual, a, isDate));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const c = compare(actual, arg, isDate);
      if (c === null) return false;
      return op === 'gt' ? c > 0 : op === 'gte' ? c >= 0 : op === 'lt' ? c < 0 : c <= 0;
    }
    case 'contains':
    case 'icontains': {
      const ci = op === 'icontains';
      const needle = ci ? String(arg).toLowerCase() : String(arg);
      if (Array.isArray(actual)) return actual.some((a) => (ci ? String(a).toLowerCase() : String(a)) === needle || (ci ? String(a).toLowerCase() : String(a)).includes(needle));
      if (actual === null || actual === undefined) return false;
      return (ci ? String(actual).toLowerCase() : String(actual)).includes(needle);
    }
    default:
      return false;
  }
}

function equals(actual: unknown, expected: unknown, isDate: boolean): boolean {
  if (Array.isArray(actual)) return actual.some((a) => equals(a, expected, isDate));
  if (actual === null || actual === undefined) return expected === null;
  if (isDate) {
    const c = compare(actual, expected, true);
    return c === 0;
  }
  if (typeof actual === typeof expected) return actual === expected;
  return String(actual) === String(expected);
}

/** Dates compare as instants (a bare date is its UTC midnight), numbers as numbers, else strings. */
function compare(actual: unknown, expected: unknown, isDate: boolean): number | null {
  if (actual === null || actual === undefined || expected === null || expected === undefined) return null;
  if (isDate || (typeof actual === 'string' && typeof expected === 'string' && /^\d{4}-\d{2}-\d{2}/.test(actual) && /^\d{4}-\d{2}-\d{2}/.test(expected))) {
    const a = typeof actual === 'number' ? actual * 1000 : Date.parse(String(actual));
    const b = typeof expected === 'number' ? expected * 1000 : Date.parse(String(expected));
    if (Number.isNaN(a) || Number.isNaN(b)) return null;
    return a - b;
  }
  if (typeof actual === 'number' || typeof expected === 'number') {
    const a = Number(actual);
    const b = Number(expected);
    if (Number.isNaN(a) || Number.isNaN(b)) return null;
    return a - b;
  }
  return String(actual).localeCompare(String(expected));
}

/** Entity ids a filter names outside NOT: concrete values, or '*' for "any". */
export type EntityMentions = Record<EntityField, Set<string>>;

export function entityMentions(f: Mem0Filters): EntityMentions {
  const out: EntityMentions = { user_id: new Set(), agent_id: new Set(), app_id: new Set(), run_id: new Set() };
  const walk = (node: unknown): void => {
    if (!isObj(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'AND' || k === 'OR') (Array.isArray(v) ? v : []).forEach(walk);
      else if (LOGICAL.has(k)) continue;
      else if ((ENTITY_FIELDS as readonly string[]).includes(k)) {
        const set = out[k as EntityField];
        if (typeof v === 'string') set.add(v);
        else if (isObj(v)) {
          if (typeof v.eq === 'string') set.add(v.eq);
          if (Array.isArray(v.in)) for (const x of v.in) if (typeof x === 'string') set.add(x);
          if (typeof v.icontains === 'string' || typeof v.contains === 'string' || v.ne !== undefined || v.nin !== undefined) set.add('*');
        }
      }
    }
  };
  walk(f);
  return out;
}

/** True when an OR appears anywhere: entity ids inside it do not restrict the scopes to read. */
export function usesOr(f: unknown): boolean {
  if (Array.isArray(f)) return f.some(usesOr);
  if (!isObj(f)) return false;
  return Object.entries(f).some(([k, v]) => k === 'OR' || ((k === 'AND' || k === 'NOT') && usesOr(v)));
}

/** True when the filter names at least one entity id (mem0 requires one). */
export function namesAnEntity(m: EntityMentions): boolean {
  return ENTITY_FIELDS.some((k) => m[k].size > 0);
}

/** Merges legacy top-level entity params (v1 bodies, query strings) into a filter with AND. */
export function withEntities(filters: Mem0Filters | undefined, entities: Partial<Record<EntityField, string | null | undefined>>): Mem0Filters {
  const parts: Mem0Filters[] = [];
  for (const k of ENTITY_FIELDS) {
    const v = entities[k];
    if (typeof v === 'string' && v !== '') parts.push({ [k]: v });
  }
  if (filters && Object.keys(filters).length > 0) parts.push(filters);
  if (parts.length === 0) return {};
  return parts.length === 1 ? parts[0] : { AND: parts };
}
