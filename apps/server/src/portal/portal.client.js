// The consumer portal's script (docs/architecture.md §9). Plain browser JavaScript, no build step: it
// talks only to the public API with the key the holder typed, kept in this tab's sessionStorage.
(() => {
  const KEY = 'chainwire.apiKey';
  const $ = (selector) => document.querySelector(selector);
  const text = (value) =>
    document.createTextNode(value === null || value === undefined ? '—' : String(value));
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
      if (name === 'onclick') node.addEventListener('click', value);
      else node.setAttribute(name, value);
    }
    for (const child of children) node.append(child instanceof Node ? child : text(child));
    return node;
  };
  const ago = (iso) => {
    const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
    if (seconds < 120) return `${seconds} s`;
    if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
    if (seconds < 172800) return `${Math.round(seconds / 3600)} h`;
    return `${Math.round(seconds / 86400)} days`;
  };

  async function api(method, path) {
    const res = await fetch(path, { method, headers: { 'x-api-key': sessionStorage.getItem(KEY) ?? '' } });
    const body = await res.json().catch(() => ({}));
    return { status: res.status, body };
  }

  const open = new Set();

  async function renderChains() {
    const info = await api('GET', '/api/info');
    const rows = [];
    for (const chain of info.body.data?.indexedBlocks ?? []) {
      const latest = await api('GET', `/api/blocks/latest?chain=${encodeURIComponent(chain.chain)}`);
      const block = latest.status === 200 ? latest.body : null;
      const lag = block ? ago(new Date(Number(block.timestamp) * 1000).toISOString()) : null;
      rows.push(
        el(
          'tr',
          { 'data-chain': chain.chain },
          el('td', {}, chain.chain),
          el('td', {}, block?.number ?? chain.latestBlock),
          el('td', {}, lag),
        ),
      );
    }
    $('#chains').replaceChildren(
      el(
        'table',
        {},
        el('tr', {}, el('th', {}, 'chain'), el('th', {}, 'indexed block'), el('th', {}, 'block age')),
        ...rows,
      ),
    );
  }

  async function renderSecret() {
    const info = await api('GET', '/api/notifications/signing-secret');
    const box = $('#secret');
    if (info.status === 404) {
      box.replaceChildren(
        el('p', {}, 'No signing secret yet. '),
        el(
          'button',
          { id: 'create-secret', onclick: () => issue('POST', '/api/notifications/signing-secret') },
          'Create signing secret',
        ),
      );
      return;
    }
    const data = info.body.data;
    const since = data.rotatedAt ?? data.createdAt;
    box.replaceChildren(
      el(
        'p',
        { id: 'secret-age' },
        `Version ${data.version}, ${data.rotatedAt ? 'rotated' : 'created'} ${ago(since)} ago (${since}).`,
      ),
      el(
        'button',
        { id: 'rotate-secret', onclick: () => issue('POST', '/api/notifications/signing-secret/rotate') },
        'Rotate secret',
      ),
    );
  }

  async function issue(method, path) {
    if (
      path.endsWith('/rotate') &&
      !window.confirm('Rotate the signing secret? Deliveries signed from now on use only the new one.')
    )
      return;
    const res = await api(method, path);
    if (res.status >= 400) return showError(res);
    const secret = res.body.data.secret;
    $('#new-secret').replaceChildren(
      el('p', {}, 'The new secret, shown this once:'),
      el('code', { id: 'new-secret-value' }, secret),
      el('button', { id: 'copy-secret', onclick: () => navigator.clipboard.writeText(secret) }, 'Copy'),
    );
    await renderSecret();
  }

  async function renderSubscriptions() {
    const list = await api('GET', '/api/notifications/subscriptions?limit=100');
    if (list.status >= 400) return showError(list);
    const rows = [];
    for (const s of list.body.data) {
      rows.push(
        el(
          'tr',
          { 'data-subscription': s.id },
          el('td', {}, s.chain),
          el('td', {}, s.address),
          el('td', {}, s.webhookUrl),
          el('td', { class: `status ${s.status}` }, s.status),
          el('td', {}, s.statusReason),
          el(
            'td',
            {},
            el(
              'button',
              {
                onclick: () => {
                  if (open.has(s.id)) open.delete(s.id);
                  else open.add(s.id);
                  refresh();
                },
              },
              open.has(s.id) ? 'Hide deliveries' : 'Deliveries',
            ),
          ),
        ),
      );
      if (open.has(s.id)) rows.push(el('tr', {}, el('td', { colspan: '6' }, await deliveryLog(s.id))));
    }
    $('#subscriptions').replaceChildren(
      rows.length === 0
        ? el('p', {}, 'No subscriptions.')
        : el(
            'table',
            {},
            el(
              'tr',
              {},
              ...['chain', 'address', 'webhook URL', 'status', 'reason', ''].map((h) => el('th', {}, h)),
            ),
            ...rows,
          ),
    );
  }

  async function deliveryLog(id) {
    const log = await api('GET', `/api/notifications/subscriptions/${id}/deliveries?limit=50`);
    if (log.status >= 400) return el('p', {}, log.body.message ?? 'unavailable');
    if (log.body.data.length === 0) return el('p', { class: 'deliveries' }, 'No deliveries yet.');
    return el(
      'table',
      { class: 'deliveries' },
      el(
        'tr',
        {},
        ...['event', 'status', 'attempts', 'status codes', 'next attempt', 'reason'].map((h) =>
          el('th', {}, h),
        ),
      ),
      ...log.body.data.map((d) =>
        el(
          'tr',
          { 'data-delivery': d.eventId },
          el('td', {}, d.eventId),
          el('td', { class: `status ${d.status}` }, d.status),
          el('td', {}, d.attemptsMade),
          el('td', {}, d.attempts.map((a) => a.httpStatus ?? a.error ?? '?').join(', ') || '—'),
          el('td', {}, d.nextAttemptAt),
          el('td', {}, d.statusReason),
        ),
      ),
    );
  }

  function showError(res) {
    $('#error').textContent = `${res.status} ${res.body.code ?? ''}: ${res.body.message ?? ''}`;
  }

  let refreshing = false;
  async function refresh() {
    if (refreshing || !sessionStorage.getItem(KEY)) return;
    refreshing = true;
    try {
      const check = await api('GET', '/api/info');
      if (check.status === 401) {
        sessionStorage.removeItem(KEY);
        showError(check);
        return show();
      }
      $('#error').textContent = '';
      await Promise.all([renderChains(), renderSecret(), renderSubscriptions()]);
      $('#updated').textContent = `Updated ${new Date().toLocaleTimeString()}`;
    } finally {
      refreshing = false;
    }
  }

  function show() {
    const signedIn = Boolean(sessionStorage.getItem(KEY));
    $('#sign-in').hidden = signedIn;
    $('#portal').hidden = !signedIn;
    if (signedIn) refresh();
  }

  $('#key-form').addEventListener('submit', (event) => {
    event.preventDefault();
    sessionStorage.setItem(KEY, $('#key').value.trim());
    $('#key').value = '';
    show();
  });
  $('#sign-out').addEventListener('click', () => {
    sessionStorage.removeItem(KEY);
    $('#new-secret').replaceChildren();
    show();
  });
  setInterval(refresh, 2000);
  show();
})();
