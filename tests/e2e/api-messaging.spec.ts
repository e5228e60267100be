import { addStore, DEMO, EXE_BYTES, expect, helpInbox, mailsTo, newUser, PDF_BYTES, readDb, test, uniqueAddress } from "./fixtures";

test.describe("JSON face of messaging", () => {
  test("send, list and read a conversation with tokens; a third user gets 404, a visitor 401", async ({ request }) => {
    const seller = await newUser(request, { firstName: "Sela", lastName: "Seamstress", prefix: "api-seller" });
    await addStore({ email: seller.email, name: "Api Atelier", bio: "" });
    const buyer = await newUser(request, { firstName: "Ada", lastName: "Api", prefix: "api-buyer" });

    const sent = await request.post("/api/user/send-message", { headers: buyer.auth, data: { to: seller.id, message: "  Is this lined? <b>bold</b>  " } });
    expect(sent.status()).toBe(201);
    const conversationId = Number(sent.headers()["x-conversation-id"]);
    expect(sent.headers()["location"]).toBe(`/api/user/get-messages/${conversationId}`);
    const afterSend = await sent.json();
    expect(afterSend).toEqual([
      { id: expect.any(Number), from_username: "Ada A.", from_id: buyer.id, content: "Is this lined? <b>bold</b>", dt: expect.any(String), order_id: null },
    ]);
    expect(new Date(afterSend[0].dt).toISOString()).toBe(afterSend[0].dt);

    const list = await request.get("/api/user/get-messages-list", { headers: seller.auth });
    expect(await list.json()).toEqual([
      {
        conversation_id: conversationId,
        other_id: buyer.id,
        other_username: "Ada A.",
        other_avatar: null,
        lastMessage: "Is this lined? <b>bold</b>",
        dt: afterSend[0].dt,
        unread: true,
      },
    ]);
    const read = await request.get(`/api/user/get-messages/${conversationId}`, { headers: seller.auth });
    expect(read.status()).toBe(200);
    expect((await read.json()).map((m: { content: string }) => m.content)).toEqual(["Is this lined? <b>bold</b>"]);
    // A GET never writes (decision 161): reading leaves it unread until the read post.
    expect((await (await request.get("/api/user/get-messages-list", { headers: seller.auth })).json())[0].unread).toBe(true);
    const marked = await request.post(`/api/user/read-conversation/${conversationId}`, { headers: seller.auth });
    expect(await marked.json()).toEqual({ read: true });
    expect((await (await request.get("/api/user/get-messages-list", { headers: seller.auth })).json())[0].unread).toBe(false);

    const reply = await request.post("/api/user/send-message", { headers: seller.auth, data: { to: buyer.id, message: "Yes, fully lined." } });
    expect(reply.status()).toBe(201);
    expect((await reply.json()).map((m: { from_username: string }) => m.from_username)).toEqual(["Ada A.", "Sela S."]);
    const buyerList = await (await request.get("/api/user/get-messages-list", { headers: buyer.auth })).json();
    expect(buyerList).toMatchObject([{ conversation_id: conversationId, other_username: "Sela S.", lastMessage: "Yes, fully lined.", unread: true }]);

    const third = await newUser(request, { prefix: "api-third" });
    const denied = await request.get(`/api/user/get-messages/${conversationId}`, { headers: third.auth });
    expect(denied.status()).toBe(404);
    expect(await denied.json()).toEqual({ error: "Conversation not found" });
    expect((await request.post(`/api/user/read-conversation/${conversationId}`, { headers: third.auth })).status()).toBe(404);
    expect(await (await request.get("/api/user/get-messages-list", { headers: third.auth })).json()).toEqual([]);
    expect((await request.get(`/api/user/get-messages/${conversationId}`)).status()).toBe(401);
    expect((await request.get("/api/user/get-messages-list")).status()).toBe(401);
    expect((await request.post("/api/user/send-message", { data: { to: seller.id, message: "hi" } })).status()).toBe(401);
    // The JSON face trusts the header, never the cookie: an unknown token is 401.
    expect((await request.get("/api/user/get-messages-list", { headers: { Authorization: "not-a-token" } })).status()).toBe(401);
  });

  test("bad input: blank, 2,001 characters, oneself, unknown or malformed recipient; nothing stored", async ({ request }) => {
    const sender = await newUser(request, { prefix: "api-bad" });
    const other = await newUser(request, { prefix: "api-bad-to" });
    const cases: [unknown, number, string][] = [
      [{ to: other.id, message: "   " }, 400, "message: Please write a message"],
      [{ to: other.id }, 400, "message: Please write a message"],
      [{ to: other.id, message: "x".repeat(2001) }, 400, "message: A message can have at most 2000 characters"],
      [{ to: sender.id, message: "me" }, 400, "You cannot send a message to yourself"],
      [{ to: 99_999_999, message: "anyone?" }, 404, "This user does not exist"],
      [{ to: "abc", message: "hi" }, 400, "to: to must be a JSON number, not a string"],
      [{ to: String(other.id), message: "hi" }, 400, "to: to must be a JSON number, not a string"],
      [{ to: 1.5, message: "hi" }, 400, "to: to must be a whole number"],
      [{ message: "hi" }, 400, "to: to is required"],
      [{ to: other.id, message: "about an order", order_id: 99_999_999 }, 404, "This order is not between you and this user"],
    ];
    for (const [data, status, error] of cases) {
      const res = await request.post("/api/user/send-message", { headers: sender.auth, data });
      expect(res.status(), JSON.stringify(data)).toBe(status);
      expect(await res.json()).toEqual({ error });
    }
    expect(readDb("SELECT id FROM messages WHERE sender_id = ?", sender.id)).toEqual([]);
    expect(readDb("SELECT id FROM conversations WHERE user_a = ? OR user_b = ?", sender.id, sender.id)).toEqual([]);
    // 2,000 characters are fine.
    expect((await request.post("/api/user/send-message", { headers: sender.auth, data: { to: other.id, message: "y".repeat(2000) } })).status()).toBe(201);
  });

  test("the 21st message in a minute is refused, also when 25 are sent at once from two sessions", async ({ request }) => {
    const sender = await newUser(request, { prefix: "api-flood" });
    const target = await newUser(request, { prefix: "api-flood-to" });
    const login = await request.post("/api/auth/login", { data: { email: sender.email, password: sender.password } });
    const second = { Authorization: ((await login.json()) as { token: string }).token };
    expect(second.Authorization).not.toBe(sender.token);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        request.post("/api/user/send-message", { headers: i % 2 ? second : sender.auth, data: { to: target.id, message: `flood ${i}` } }),
      ),
    );
    const statuses = results.map((r) => r.status());
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = results.find((r) => r.status() === 429)!;
    expect(await refused.json()).toEqual({ error: "You can send at most 20 messages a minute. Please wait a moment and try again." });
    expect(readDb("SELECT id FROM messages WHERE sender_id = ?", sender.id)).toHaveLength(20);
    expect(readDb("SELECT id FROM conversations WHERE user_a = ? OR user_b = ?", sender.id, sender.id)).toHaveLength(1);
    // The target can still answer: the limit is the sender's.
    expect((await request.post("/api/user/send-message", { headers: target.auth, data: { to: sender.id, message: "Slow down" } })).status()).toBe(201);
    // One email for the whole flood.
    expect(await mailsTo(target.email)).toHaveLength(1);
  });

  test("at most 10 new conversations an hour", async ({ request }) => {
    const sender = await newUser(request, { prefix: "api-convs" });
    const targets = [];
    for (let i = 0; i < 11; i++) targets.push(await newUser(request, { prefix: `api-convs-to${i}` }));
    for (const t of targets.slice(0, 10)) {
      expect((await request.post("/api/user/send-message", { headers: sender.auth, data: { to: t.id, message: "Hi!" } })).status()).toBe(201);
    }
    const eleventh = await request.post("/api/user/send-message", { headers: sender.auth, data: { to: targets[10]!.id, message: "Hi!" } });
    expect(eleventh.status()).toBe(429);
    expect((await eleventh.json()).error).toBe("You can start at most 10 new conversations an hour. Please try again later.");
    expect((await request.post("/api/user/send-message", { headers: sender.auth, data: { to: targets[0]!.id, message: "More" } })).status()).toBe(201);
  });
});

test.describe("JSON face of help requests", () => {
  test("multipart with a JSON part 'stuff' and a PDF résumé: stored privately, the platform emailed", async ({ request }) => {
    const address = { "X-Forwarded-For": uniqueAddress() };
    const email = `api-help-${Date.now()}@example.test`;
    const res = await request.post("/api/user/send-help-request", {
      headers: address,
      multipart: {
        stuff: JSON.stringify({ name: "Pat Portfolio", message: "I design lingerie patterns.", email, social_media: "@pat.sews", website: "https://pat.example" }),
        resume: { name: "portfolio.pdf", mimeType: "application/pdf", buffer: PDF_BYTES },
      },
    });
    expect(res.status()).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ success: true, message: "Your request has been sent successfully.", id: expect.any(Number) });
    const [row] = readDb<{ name: string; social_media: string; website: string; resume_file: string; user_id: number | null }>(
      "SELECT name, social_media, website, resume_file, user_id FROM help_requests WHERE id = ?",
      body.id,
    );
    expect(row).toMatchObject({ name: "Pat Portfolio", social_media: "@pat.sews", website: "https://pat.example", user_id: null });
    const [file] = readDb<{ kind: string; owner_id: number | null; content_type: string; original_name: string }>(
      "SELECT kind, owner_id, content_type, original_name FROM files WHERE name = ?",
      row!.resume_file,
    );
    expect(file).toEqual({ kind: "resume", owner_id: null, content_type: "application/pdf", original_name: "portfolio.pdf" });
    // Private: not for visitors or other users, only for administrators.
    expect((await request.get(`/api/files/${row!.resume_file}`)).status()).toBe(401);
    const user = await newUser(request, { prefix: "api-help-peek" });
    expect((await request.get(`/api/files/${row!.resume_file}`, { headers: user.auth })).status()).toBe(403);
    const admin = await request.post("/api/auth/login", { data: DEMO.admin });
    const adminAuth = { Authorization: ((await admin.json()) as { token: string }).token };
    const download = await request.get(`/api/files/${row!.resume_file}`, { headers: adminAuth });
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const mail = (await mailsTo(helpInbox())).find((m) => m.subject === `Help request #${body.id} from Pat Portfolio`);
    expect(mail?.text).toContain("I design lingerie patterns.");
  });

  test("bad input: no email, a website that is not a URL, an executable renamed .pdf; nothing stored; limited per address", async ({ request }) => {
    const address = { "X-Forwarded-For": uniqueAddress() };
    const email = `api-help-bad-${Date.now()}@example.test`;
    const stuff = { name: "Bad Input", message: "Hello", email, social_media: "", website: "" };
    const post = (s: object, resume?: Buffer) =>
      request.post("/api/user/send-help-request", {
        headers: address,
        multipart: resume ? { stuff: JSON.stringify(s), resume: { name: "resume.pdf", mimeType: "application/pdf", buffer: resume } } : { stuff: JSON.stringify(s) },
      });
    const noEmail = await post({ ...stuff, email: "" });
    expect(noEmail.status()).toBe(400);
    expect(await noEmail.json()).toEqual({ error: "email: Email is required" });
    const badSite = await post({ ...stuff, website: "not a url" });
    expect(badSite.status()).toBe(400);
    expect(await badSite.json()).toEqual({ error: "website: Website must be a URL (https://…)" });
    const exe = await post(stuff, EXE_BYTES);
    expect(exe.status()).toBe(400);
    expect((await exe.json()).error).toBe("resume: resume.pdf is not a PDF or Word document or an image (JPEG, PNG, GIF, WebP or BMP).");
    expect((await request.post("/api/user/send-help-request", { headers: address, multipart: { stuff: "{not json" } })).status()).toBe(400);
    expect(readDb("SELECT id FROM help_requests WHERE email = ?", email)).toEqual([]);
    // JSON bodies work too; five requests an hour per address, then 429.
    for (let i = 0; i < 5; i++) {
      expect((await request.post("/api/user/send-help-request", { headers: address, data: { ...stuff, message: `try ${i}` } })).status()).toBe(201);
    }
    const limited = await request.post("/api/user/send-help-request", { headers: address, data: stuff });
    expect(limited.status()).toBe(429);
    expect(await limited.json()).toEqual({ error: "You can send at most 5 requests an hour. Please try again later." });
    expect(readDb("SELECT id FROM help_requests WHERE email = ?", email)).toHaveLength(5);
    // Another address is not affected.
    expect((await request.post("/api/user/send-help-request", { headers: { "X-Forwarded-For": uniqueAddress() }, data: stuff })).status()).toBe(201);
  });
});
