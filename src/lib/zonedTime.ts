// Wall-clock times of a place and the instants they name. Russian zones have fixed offsets today;
// Intl knows their history, so a waybill of 2016 in Новосибирск is read with the offset of the day.

/** The zone's offset from UTC at `instant`, in minutes (Novosibirsk → 420). */
export function zoneOffsetMinutes(zone: string, instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** A wall-clock 'YYYY-MM-DDTHH:MM[:SS]' in `zone` as an instant. */
export function zonedInstant(local: string, zone: string): Date {
  const naive = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  // Two passes settle a date near an offset change (none in Russia since 2020, but history has them).
  let instant = naive - zoneOffsetMinutes(zone, new Date(naive)) * 60_000;
  instant = naive - zoneOffsetMinutes(zone, new Date(instant)) * 60_000;
  return new Date(instant);
}

/** The wall-clock 'YYYY-MM-DDTHH:MM' of `instant` in `zone`. */
export function zonedLocal(instant: Date, zone: string): string {
  return new Date(instant.getTime() + zoneOffsetMinutes(zone, instant) * 60_000).toISOString().slice(0, 16);
}

/**
 * The instant of a date-time as a fines source writes it: with an offset ('2026-03-10T14:05+07:00') it
 * is exact; without one it is the wall clock of `zone` (the plate region's zone).
 */
export function dateTimeInstant(value: string, zone: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (match === null) return undefined;
  const [, day, time, offset] = match;
  if (offset === undefined) return zonedInstant(`${day}T${time}`, zone);
  const normalized = offset === 'Z' ? 'Z' : `${offset.slice(0, 3)}:${offset.slice(-2)}`;
  const ms = Date.parse(`${day}T${time?.length === 5 ? `${time}:00` : time}${normalized}`);
  return Number.isFinite(ms) ? new Date(ms) : undefined;
}
