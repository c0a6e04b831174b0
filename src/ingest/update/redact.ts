/** Query parameters that carry a key: never printed. */
const SECRET_PARAMS = /^(api[_-]?key|key|token|access[_-]?token|subscription[_-]?key)$/i;

/** `url` as it may be printed: the values of key parameters replaced, user and password dropped. */
export function redactUrl(url: string): string {
  if (!URL.canParse(url)) return url;
  const u = new URL(url);
  u.username = '';
  u.password = '';
  for (const name of [...u.searchParams.keys()]) if (SECRET_PARAMS.test(name)) u.searchParams.set(name, '***');
  return u.toString();
}
