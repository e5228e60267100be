/** Dates as the screens and the JSON views show them; shared by server and client. */

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Spec 2.3: DD/MM/YYYY HH:mm. `utc` for the server's render (the reader's zone is unknown there); the browser
 * re-renders in its own zone once JavaScript runs (see MessageDate).
 */
export function formatMessageDate(date: Date | string | number, { utc = true }: { utc?: boolean } = {}): string {
  const d = new Date(date);
  return utc
    ? `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
    : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A day as the order and finance screens show it: YYYY-MM-DD in UTC (null for no date). */
export function isoDay<D extends Date | null | undefined>(date: D): D extends Date ? string : string | null {
  return (date ? date.toISOString().slice(0, 10) : null) as D extends Date ? string : string | null;
}

/** A minute as the admin screens show it: YYYY-MM-DD HH:mm in UTC (null for no date). */
export function isoMinute<D extends Date | null | undefined>(date: D): D extends Date ? string : string | null {
  return (date ? date.toISOString().slice(0, 16).replace("T", " ") : null) as D extends Date ? string : string | null;
}

const UNITS: [limitSeconds: number, seconds: number, name: string][] = [
  [60 * 60, 60, "minute"],
  [24 * 60 * 60, 60 * 60, "hour"],
  [7 * 24 * 60 * 60, 24 * 60 * 60, "day"],
  [30 * 24 * 60 * 60, 7 * 24 * 60 * 60, "week"],
  [365 * 24 * 60 * 60, 30 * 24 * 60 * 60, "month"],
  [Infinity, 365 * 24 * 60 * 60, "year"],
];

/** A relative time for the conversation list: 'just now', '5 minutes ago', '1 day ago'. */
export function timeAgo(date: Date | string | number, now: Date | number = Date.now()): string {
  const seconds = Math.floor((new Date(now).getTime() - new Date(date).getTime()) / 1000);
  if (seconds < 60) return "just now";
  for (const [limit, unit, name] of UNITS) {
    if (seconds < limit) {
      const n = Math.floor(seconds / unit);
      return `${n} ${name}${n === 1 ? "" : "s"} ago`;
    }
  }
  return "";
}
