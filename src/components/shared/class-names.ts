/**
 * The `className` of a component's root: its own class names, then the caller's extra ones; empty and
 * missing entries are left out.
 *
 * @example
 * classNames('pcr-copy', undefined) // 'pcr-copy'
 * classNames('pcr-copy', 'toolbar-button') // 'pcr-copy toolbar-button'
 */
export function classNames(...names: ReadonlyArray<string | undefined>): string {
  return names.filter(Boolean).join(' ');
}
