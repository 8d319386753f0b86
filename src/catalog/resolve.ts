import type { Catalog, CatalogOverride } from './catalog.ts';

/** Merged catalogs by base and override: a provider's or a component's override is merged once, not per render. */
const merged = new WeakMap<object, WeakMap<CatalogOverride, object>>();

/** A group of messages to merge key by key; a plural message (it has `other`) is a single message. */
function isGroup(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Object.hasOwn(value, 'other');
}

function merge(base: Readonly<Record<string, unknown>>, override: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const below = base[key];
    // Keys the catalog does not have, and values of another kind (from untyped JSON), are left out.
    if (!Object.hasOwn(base, key) || typeof value !== typeof below) continue;
    result[key] = isGroup(below) && isGroup(value) ? merge(below, value) : value;
  }
  return result;
}

/**
 * `base` with the words of `override` in place of its own, at any depth; a plural message is replaced
 * whole; keys `base` does not have are left out. The same two objects give the same result object, so a
 * memoized component does not re-render: define an override once, outside render.
 *
 * @example
 * withCatalog(englishCatalog, { card: { model: 'Engine' } }).card.model // 'Engine'
 */
export function withCatalog<Base extends Partial<Catalog>>(base: Base, override: CatalogOverride | undefined): Base {
  if (!override || override === base) return base;
  let byOverride = merged.get(base);
  if (!byOverride) merged.set(base, (byOverride = new WeakMap()));
  let result = byOverride.get(override);
  if (!result) byOverride.set(override, (result = merge(base as unknown as Readonly<Record<string, unknown>>, override) as unknown as Base));
  return result as Base;
}
