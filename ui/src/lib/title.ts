// The window title names the page, so history menus and screen readers can tell pages apart.

export function setTitle(...parts: (string | null | undefined)[]): void {
  const named = parts.filter((p): p is string => Boolean(p));
  document.title = [...named, 'Tome'].join(' — ');
}
