// The baseline: plain node:http, the same SQL through better-sqlite3, an HTML string template.
// Answers the explore page (`/`, with category1 and q) and the product page, nothing else.
import http from "node:http";

import Database from "better-sqlite3";

const [dbFile, port] = process.argv.slice(2);
const db = new Database(dbFile, { readonly: true });
db.pragma("busy_timeout = 5000");

const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (c) => `$${(c / 100).toFixed(2)}`;
const PAGE = 24;

const ftsQuery = (text) => {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(" ") : null;
};

function explore(url) {
  const category1 = url.searchParams.get("category1") ?? "women";
  const match = ftsQuery(url.searchParams.get("q") ?? "");
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const where = ["p.removed_at IS NULL"];
  const args = [];
  if (category1 !== "all") {
    where.push("p.category1 = ?");
    args.push(category1);
  }
  if (match) {
    where.push("p.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ?)");
    args.push(match);
  }
  const w = where.join(" AND ");
  const total = db.prepare(`SELECT count(*) AS n FROM products p WHERE ${w}`).get(...args).n;
  const rows = db
    .prepare(
      `SELECT p.id, p.name, p.price_cents, s.user_id AS owner, s.name AS store, s.avatar FROM products p
       JOIN stores s ON s.id = p.store_id WHERE ${w} ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...args, PAGE, (page - 1) * PAGE);
  const ids = rows.map((r) => r.id);
  const media = new Map();
  if (ids.length) {
    for (const m of db
      .prepare(`SELECT product_id, media FROM product_media WHERE product_id IN (${ids.map(() => "?").join(",")}) ORDER BY product_id, position, id`)
      .all(...ids)) {
      if (!media.has(m.product_id)) media.set(m.product_id, m.media);
    }
  }
  const cards = rows
    .map((r) => {
      const img = media.get(r.id);
      return `<li class="card"><a href="/product/${r.id}">${img ? `<img src="/api/files/${img}?w=400" srcset="/api/files/${img}?w=200 200w, /api/files/${img}?w=400 400w, /api/files/${img}?w=800 800w" width="400" height="500" alt="" loading="lazy">` : ""}</a>
<div><a href="/store/${r.owner}"><img src="/api/files/${esc(r.avatar)}?w=200" width="32" height="32" alt=""></a><h3><a href="/product/${r.id}">${esc(r.name)}</a></h3><p>${esc(r.store)}</p><p>${money(r.price_cents)}</p></div></li>`;
    })
    .join("\n");
  return page_(`Explore`, `<h1>Explore designs</h1><p>${total} results</p>${rows.length ? `<ul class="grid">${cards}</ul>` : "<p>No products found</p>"}`);
}

function product(id) {
  const p = db
    .prepare(
      `SELECT p.*, s.user_id AS owner, s.name AS store, s.avatar, u.city, u.country FROM products p JOIN stores s ON s.id = p.store_id
       JOIN users u ON u.id = s.user_id WHERE p.id = ? AND p.removed_at IS NULL`,
    )
    .get(id);
  if (!p) return null;
  const media = db.prepare("SELECT id, media FROM product_media WHERE product_id = ? ORDER BY position, id").all(id);
  const variants = db.prepare("SELECT id, name, value, inventory FROM variants WHERE product_id = ? ORDER BY position, id").all(id);
  const reviews = db.prepare("SELECT id, star, name, comment, created_at FROM reviews WHERE product_id = ? ORDER BY created_at DESC, id DESC").all(id);
  const avg = db.prepare("SELECT avg(star) AS a, count(*) AS n FROM reviews WHERE product_id = ?").get(id);
  const body = `<ul>${media.map((m) => `<li><img src="/api/files/${m.media}?w=800" width="800" height="1000" alt=""></li>`).join("")}</ul>
<h1>${esc(p.name)}</h1><p>by <a href="/store/${p.owner}">${esc(p.store)}</a></p><p>${p.sold} sold</p><p>${money(p.price_cents)}</p>
<form method="post" action="/cart"><input type="hidden" name="intent" value="add"><input type="hidden" name="productId" value="${p.id}">
${variants.map((v) => `<label><input type="radio" name="variantId" value="${v.id}"${v.inventory <= 0 && p.type !== "Pattern" ? " disabled" : ""}> ${esc(v.value)}${p.type === "Pattern" ? "" : v.inventory <= 0 ? " (Out of Stock)" : ` (${v.inventory} in stock)`}</label>`).join("")}
<input type="number" name="quantity" value="1"><button>Add to Cart</button></form>
<section><h2>Design details</h2><p>${esc(p.description)}</p></section>
<section><h2>Reviews</h2>${avg.n ? `<p>Average ${Number(avg.a).toFixed(1)}</p>` : "<p>No reviews yet</p>"}${reviews.map((r) => `<p>${r.star} ${esc(r.name)} ${esc(r.comment)} ${new Date(r.created_at).toISOString().slice(0, 10)}</p>`).join("")}</section>
<section><h2>Terms &amp; Conditions</h2><p>${esc(p.terms)}</p></section>`;
  return page_(p.name, body);
}

const page_ = (title, body) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title></head><body><header><a href="/">Patternhouse</a></header><main>${body}</main></body></html>`;

http
  .createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    const match = /^\/product\/(\d+)$/.exec(url.pathname);
    const html = url.pathname === "/" ? explore(url) : match ? product(Number(match[1])) : null;
    res.writeHead(html ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
    res.end(html ?? "Not found");
  })
  .listen(Number(port), "127.0.0.1", () => console.log(`[baseline] listening on ${port}`));
