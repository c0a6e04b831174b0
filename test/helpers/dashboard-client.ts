import assert from 'node:assert/strict';

/**
 * A browser's part in the dashboard, over plain HTTP: a cookie jar, and forms posted
 * with the CSRF token of the page they are on.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async request(
    path: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    // A browser names the page's origin on every form it posts.
    if (init.form) headers.origin ??= this.base;
    const response = await fetch(this.base + path, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  /** Opens `page`, then posts `form` with the page's CSRF token to `action`. */
  async submit(page: string, action: string, form: Record<string, string> = {}) {
    const csrf = csrfOf((await this.request(page)).text);
    return this.request(action, { form: { csrf, ...form } });
  }

  async signUp(email: string, password = 'correct horse battery') {
    const r = await this.submit('/dashboard/signup', '/dashboard/signup', { email, password });
    assert.equal(r.status, 303, r.text);
    return r;
  }

  async createKey(name: string): Promise<{ key: string; page: string }> {
    const r = await this.submit('/dashboard/keys', '/dashboard/keys', { name });
    assert.equal(r.status, 201, r.text);
    const key = /id="new-key"[^>]*value="([^"]+)"/.exec(r.text)![1]!;
    return { key, page: r.text };
  }

  async signIn(email: string, password = 'correct horse battery') {
    const r = await this.submit('/dashboard/login', '/dashboard/login', { email, password });
    assert.equal(r.status, 303, r.text);
    return r;
  }

  async keyIdOf(name: string): Promise<string> {
    const list = (await this.request('/dashboard/keys')).text;
    const row = list.split('<tr>').find((r) => r.includes(`<td>${name}</td>`))!;
    return /\/dashboard\/keys\/([^/]+)\/revoke/.exec(row)![1]!;
  }
}

export function csrfOf(page: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(page);
  assert.ok(match, `no CSRF field in ${page.slice(0, 300)}`);
  return match[1]!;
}
