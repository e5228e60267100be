import { addStore, expect, queryOne, test, uniqueEmail } from "./fixtures";

const demoStore = () =>
  queryOne<{ owner: number; name: string; bio: string }>(
    "SELECT s.user_id AS owner, s.name, s.bio FROM stores s JOIN users u ON u.id = s.user_id WHERE u.email = 'seller@patternhouse.test'",
  );

test("a visitor sees the store and the login prompts", async ({ page }) => {
  const store = demoStore();
  await page.goto(`/store/${store.owner}`);
  await expect(page.getByRole("heading", { level: 1, name: store.name })).toBeVisible();
  await expect(page.getByText(store.bio)).toBeVisible();
  await expect(page.getByTestId("followers")).toHaveText(/^\d+ followers?$/);
  await expect(page.getByRole("list", { name: `${store.name} gallery` }).locator("img").first()).toBeVisible();
  // Spec texts are exact (issue 19, item 14): no full stop added.
  await expect(page.getByText("Please login to follow this store", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Follow" })).toHaveCount(0);
  expect(await page.locator("main ul.grid > li").count()).toBeGreaterThan(0);

  await page.getByText("Send a message").click();
  await expect(page.getByText("Please login to send messages", { exact: true })).toBeVisible();
  await page.getByText("Please login to follow this store").locator("xpath=..").getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/store/${store.owner}`)}`);
});

test("a logged-in user follows and unfollows a store and sees the count change", async ({ page, createUser, loginAs }) => {
  const store = demoStore();
  await loginAs((await createUser({ email: uniqueEmail("follow") })).id, page);
  await page.goto(`/store/${store.owner}`);
  const followers = page.getByTestId("followers");
  const before = Number((await followers.textContent())!.split(" ")[0]);
  await page.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unfollow" })).toBeVisible();
  await expect(followers).toHaveText(`${before + 1} ${before + 1 === 1 ? "follower" : "followers"}`);
  await page.getByRole("button", { name: "Unfollow" }).click();
  await expect(page.getByRole("button", { name: "Follow", exact: true })).toBeVisible();
  await expect(followers).toHaveText(`${before} ${before === 1 ? "follower" : "followers"}`);
});

test("the message dialog has its form: a required textarea of up to 2,000 characters, Cancel and Send", async ({ page, createUser, loginAs }) => {
  const store = demoStore();
  await loginAs((await createUser({ email: uniqueEmail("msg") })).id, page);
  await page.goto(`/store/${store.owner}`);
  await page.getByText("Send a message").click();
  const message = page.getByRole("textbox", { name: "Message" });
  await expect(message).toHaveAttribute("required", "");
  await expect(message).toHaveAttribute("maxlength", "2000");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeEnabled();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(message).toBeHidden();
});

test("fallbacks: 'Store Name Unavailable', 'No bio available', 'No products found'; unknown store is 404", async ({ page, createUser, loginAs }) => {
  const email = uniqueEmail("emptystore");
  await loginAs((await createUser({ email })).id, page);
  const owner = await addStore({ email, name: "", bio: "" });
  await page.goto(`/store/${owner}`);
  await expect(page.getByRole("heading", { level: 1, name: "Store Name Unavailable" })).toBeVisible();
  await expect(page.getByText("No bio available")).toBeVisible();
  await expect(page.getByText("No products found")).toBeVisible();
  // The owner gets a link to the settings instead of Follow.
  await expect(page.getByRole("link", { name: "Store settings" })).toHaveAttribute("href", "/store-settings");
  const res = await page.goto("/store/999999");
  expect(res?.status()).toBe(404);
});
