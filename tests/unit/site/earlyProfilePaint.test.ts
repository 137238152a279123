import { describe, expect, it } from 'vitest';
import { earlyRequestsScript } from '../../../src/api/earlyRequestsScript.ts';
import { formatRub } from '../../../src/lib/money.ts';
import { PROFILE_SHELL_ID, PROFILE_SHELL_ITEMS } from '../../../src/lib/profileShell.ts';

// Issue 27: on /profile/ the inline script paints the first ordinances into the static first state
// (src/components/ProfileShell.astro) before the island loads: as texts, only from a good reply.

/** A minimal element: what the script sets and appends. */
type Node = { tag: string; className: string; textContent: string; hidden: boolean; attributes: Record<string, string>; children: Node[]; appendChild: (child: Node) => Node; setAttribute: (name: string, value: string) => void };
function node(tag: string, hidden = false): Node {
  const made: Node = {
    tag,
    className: '',
    textContent: '',
    hidden,
    attributes: {},
    children: [],
    appendChild(child) {
      this.children.push(child);
      return child;
    },
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
  };
  return made;
}

/** Runs the script on /profile/ with a stored session; the ordinances request is answered with `body`. */
async function painted(body: unknown, status = 200): Promise<{ section: Node; list: Node }> {
  const list = node('ul');
  const section = { ...node('section', true), querySelector: () => list };
  const shell = { querySelector: (selector: string) => (selector === '[data-early="ordinances"]' ? section : null) };
  const replies: Promise<Response>[] = [];
  const win = {
    setTimeout: (run: () => void) => setTimeout(run, 0),
    location: { pathname: '/profile/', search: '' },
    localStorage: { getItem: (key: string) => (key === 'authData' ? JSON.stringify({ web: { session: 's'.repeat(64), rand: 'r'.repeat(32), userId: '7' } }) : null) },
    document: { readyState: 'complete', getElementById: (id: string) => (id === PROFILE_SHELL_ID ? shell : null), createElement: (tag: string) => node(tag) },
    fetch: (url: string) => {
      const reply = Promise.resolve(url.includes('/ordinances/get/all') ? Response.json(body, { status }) : Response.json({ status: 'ok', response: {} }));
      replies.push(reply);
      return reply;
    },
  };
  new Function('window', earlyRequestsScript('', 'profile'))(win);
  await Promise.all(replies);
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  return { section, list };
}

const item = (over: Record<string, unknown>) => ({ kind: 'fine', title: 'Превышение скорости на 20–40 км/ч', amountToPay: 375, date: '2026-11-03', paid: false, vehiclePlate: 'А123ВС 77', ...over });

describe('the profile’s ordinances painted before the island', () => {
  it('paints the first items: title, kind and date, the amount as the island writes it, or «Оплачен»', async () => {
    const items = [item({}), item({ kind: 'tax', title: 'Транспортный налог', amountToPay: 1250.5, vehiclePlate: null }), item({ paid: true, amountToPay: 0 }), ...Array.from({ length: 5 }, () => item({}))];
    const { section, list } = await painted({ status: 'ok', response: { items, total: items.length } });
    expect(section.hidden).toBe(false);
    expect(list.children).toHaveLength(PROFILE_SHELL_ITEMS);
    const [first, tax, paid] = list.children;
    const text = (row: Node | undefined, at: number[]) => at.reduce<Node | undefined>((n, i) => n?.children[i], row)?.textContent;
    expect(text(first, [0, 0])).toBe('Превышение скорости на 20–40 км/ч');
    expect(first?.children[0]?.children[0]?.attributes['elementtiming']).toBe('profile-ordinance');
    expect(text(first, [0, 1])).toBe('Штраф · от 03.11.2026 · А123ВС 77');
    expect(text(first, [1, 0])).toBe(formatRub(375));
    expect(text(tax, [0, 1])).toBe('Налог · от 03.11.2026');
    expect(text(tax, [1, 0])).toBe(formatRub(1250.5));
    expect(paid?.className).toBe('ordinance ordinance--paid');
    expect(text(paid, [1, 0])).toBe('Оплачен');
  });

  it('paints nothing for an error, an empty list or a reply of another shape', async () => {
    for (const [body, status] of [
      [{ status: 'error', error: { errorCode: 401, errorDesc: 'Сессия истекла' } }, 401],
      [{ status: 'ok', response: { items: [] } }, 200],
      [{ status: 'ok', response: { items: [{ title: '<b>x</b>' }] } }, 200],
      [{ status: 'ok', response: {} }, 200],
    ] as const) {
      const { section, list } = await painted(body, status);
      expect(section.hidden).toBe(true);
      expect(list.children).toEqual([]);
    }
  });
});
