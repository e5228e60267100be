/**
 * The Stripe server's platform settings are one row that several specs change and restore (margins, auto-approved
 * transfers). Tests run side by side on two workers, so one test's restore could land in the middle of another's
 * use of a setting. A test that changes the settings holds this lock (a folder made atomically in the run's Stripe
 * data folder, so a crashed earlier run leaves nothing behind) for as long as it depends on them.
 */
import fs from "node:fs";
import path from "node:path";

const WAIT_MS = 120_000;

export async function withPlatformSettings<T>(
  work: () => Promise<T>
): Promise<T> {
  const lock = path.join(
    process.env.E2E_STRIPE_DATA_DIR!,
    "platform-settings.lock"
  );
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline)
        throw new Error(
          `The platform settings lock was held for over ${WAIT_MS / 1000} s`
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
