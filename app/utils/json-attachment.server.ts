/** A JSON download: `Content-Disposition: attachment`, never cached (it is one person's data). */
export function jsonAttachment(data: unknown, filename: string): Response {
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The file name of a user's export: patternhouse-data-<id>-<YYYY-MM-DD>.json. */
export function exportFileName(userId: number, generatedAt: string): string {
  return `patternhouse-data-${userId}-${generatedAt.slice(0, 10)}.json`;
}
