import { type APIRequestContext, DEMO, EXE_BYTES, expect, helpInbox, mailsTo, type MessagingUser, newUser, PDF_BYTES, pngBytes, readDb, signIn, test, uniqueAddress } from "./fixtures";

async function adminUser(request: APIRequestContext): Promise<MessagingUser> {
  const res = await request.post("/api/auth/login", { data: DEMO.admin });
  const { token } = (await res.json()) as { token: string };
  const [{ id }] = readDb<{ id: number }>("SELECT id FROM users WHERE email = ?", DEMO.admin.email) as [{ id: number }];
  return { id, email: DEMO.admin.email, password: DEMO.admin.password, token, auth: { Authorization: token } };
}

test("a visitor sends a help request with a PDF résumé and sees the success text; an admin reads it and downloads the résumé", { tag: "@long" }, async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueAddress() });
  const email = `help-visitor-${Date.now()}-${testInfo.project.name}@example.test`;
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Help" }).click();
  await expect(page).toHaveURL("/help");
  await page.getByLabel("Name").fill("Vera Visitor");
  await page.getByLabel("Email").fill(email);
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await page.getByLabel("Message").fill("I would like to sell my coat patterns. Can I sell printed ones too?");
  await page.getByLabel(/Portfolio/).setInputFiles({ name: "portfolio.pdf", mimeType: "application/pdf", buffer: PDF_BYTES });
  await page.getByLabel("Social media").fill("@vera.sews");
  await page.getByLabel("Website").fill("https://vera.example/portfolio");
  await page.getByRole("button", { name: "Send" }).click();
  const note = page.getByText("Your request has been sent successfully.");
  await expect(note).toBeVisible();
  if (js) await expect(note).toBeHidden({ timeout: 10_000 });

  const [row] = readDb<{ id: number; name: string; message: string; social_media: string; website: string; resume_file: string | null }>(
    "SELECT id, name, message, social_media, website, resume_file FROM help_requests WHERE email = ?",
    email,
  );
  expect(row).toMatchObject({ name: "Vera Visitor", social_media: "@vera.sews", website: "https://vera.example/portfolio" });
  expect(row!.resume_file).toMatch(/^[a-f0-9]{32}\.pdf$/);
  expect((await mailsTo(helpInbox())).some((m) => m.subject === `Help request #${row!.id} from Vera Visitor`)).toBe(true);

  // A non-admin gets 403 on the admin pages; an admin sees the list and the detail with the résumé.
  const someone = await newUser(request, { prefix: "help-nonadmin" });
  await signIn(page.context(), baseURL!, someone);
  expect((await page.goto("/admin/help"))?.status()).toBe(403);
  expect((await page.goto(`/admin/help/${row!.id}`))?.status()).toBe(403);
  await signIn(page.context(), baseURL!, await adminUser(request));
  await page.goto("/admin/help");
  await page.getByRole("link", { name: String(row!.id), exact: true }).click();
  await expect(page).toHaveURL(`/admin/help/${row!.id}`);
  await expect(page.getByRole("heading", { name: `Help request #${row!.id}` })).toBeVisible();
  await expect(page.getByText("I would like to sell my coat patterns.")).toBeVisible();
  const resume = page.getByRole("link", { name: "Download portfolio.pdf" });
  const download = await page.request.get((await resume.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
});

test("help form errors: no email, a website that is not a URL, an executable renamed .pdf; what was typed stays", { tag: "@long" }, async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueAddress() });
  const email = `help-bad-${Date.now()}-${testInfo.project.name}@example.test`;
  await page.goto("/help");
  await page.locator("form#help").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByLabel("Name").fill("Eve Errors");
  await page.getByLabel("Message").fill("Hello there");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Eve Errors");

  await page.locator("form#help").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Website").fill("my site");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Website must be a URL (https://…)")).toBeVisible();

  await page.locator("form#help").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByLabel("Website").fill("");
  await page.getByLabel(/Portfolio/).setInputFiles({ name: "evil.pdf", mimeType: "application/pdf", buffer: EXE_BYTES });
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("evil.pdf is not a PDF or Word document or an image (JPEG, PNG, GIF, WebP or BMP).")).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("Hello there");
  expect(readDb("SELECT id FROM help_requests WHERE email = ?", email)).toEqual([]);
});

test("a logged-in user's help form has no portfolio fields and is prefilled", async ({ page, request, baseURL }) => {
  const user = await newUser(request, { firstName: "Lou", lastName: "Loggedin", prefix: "help-user" });
  await signIn(page.context(), baseURL!, user);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueAddress() });
  await page.goto("/help");
  await expect(page.getByLabel("Name")).toHaveValue("Lou Loggedin");
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await expect(page.getByLabel(/Portfolio/)).toHaveCount(0);
  await expect(page.getByLabel("Website")).toHaveCount(0);
  await page.getByLabel("Message").fill("Where is my parcel?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Your request has been sent successfully.")).toBeVisible();
  expect(readDb<{ user_id: number }>("SELECT user_id FROM help_requests WHERE email = ?", user.email)).toEqual([{ user_id: user.id }]);
});

test("the profile's face: avatar (checked by content) and bio on /settings, shown in conversations; the email switch; /profile", { tag: "@long" }, async ({
  page,
  request,
  baseURL,
}) => {
  const user = await newUser(request, { firstName: "Ava", lastName: "Avatar", prefix: "avatar" });
  const friend = await newUser(request, { prefix: "avatar-friend" });
  await signIn(page.context(), baseURL!, user);
  await page.goto("/profile");
  await expect(page).toHaveURL("/settings");

  await page.getByLabel("Avatar (an image, up to 25 MB)").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: EXE_BYTES });
  await page.getByRole("textbox", { name: "Bio" }).fill("I sew.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("me.png is not an image (JPEG, PNG, GIF, WebP or BMP).")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Bio" })).toHaveValue("I sew.");
  expect(readDb<{ avatar: string | null; bio: string }>("SELECT avatar, bio FROM users WHERE id = ?", user.id)).toEqual([{ avatar: null, bio: "" }]);

  await page.getByLabel("Avatar (an image, up to 25 MB)").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await pngBytes() });
  await page.getByRole("textbox", { name: "Bio" }).fill("I sew coats <b>and</b> capes.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  const [saved] = readDb<{ avatar: string; bio: string }>("SELECT avatar, bio FROM users WHERE id = ?", user.id);
  expect(saved).toMatchObject({ avatar: expect.stringMatching(/^[a-f0-9]{32}\.png$/), bio: "I sew coats <b>and</b> capes." });
  // Avatars are public files.
  const file = await request.get(`/api/files/${saved!.avatar}`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");

  // The friend sees the avatar and the bio (as text) in the conversation.
  const sent = await request.post("/api/user/send-message", { headers: user.auth, data: { to: friend.id, message: "Hi!" } });
  const conversation = sent.headers()["x-conversation-id"];
  const list = await (await request.get("/api/user/get-messages-list", { headers: friend.auth })).json();
  expect(list[0]).toMatchObject({ other_username: "Ava A.", other_avatar: saved!.avatar });
  await signIn(page.context(), baseURL!, friend);
  await page.goto(`/message/${conversation}`);
  await expect(page.getByText("I sew coats <b>and</b> capes.")).toBeVisible();
  await expect(page.locator(`img[src^="/api/files/${saved!.avatar}"]`).first()).toBeVisible();

  // Message emails off.
  await page.goto("/settings");
  const box = page.getByLabel(/Email me when I receive a new message/);
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(page.getByText("Notification settings saved.")).toBeVisible();
  await expect(page.getByLabel(/Email me when I receive a new message/)).not.toBeChecked();
  expect(readDb("SELECT message_emails FROM users WHERE id = ?", friend.id)).toEqual([{ message_emails: 0 }]);
  const before = (await mailsTo(friend.email)).length;
  // A new conversation would email at once; with the switch off nothing comes.
  const stranger = await newUser(request, { prefix: "avatar-stranger" });
  expect((await request.post("/api/user/send-message", { headers: stranger.auth, data: { to: friend.id, message: "Hello" } })).status()).toBe(201);
  expect(await mailsTo(friend.email)).toHaveLength(before);
});
