/**
 * The fake VAT number registers (VIES and HMRC, tests/fakes/vat-registers.ts) as a process, for Playwright (a
 * webServer entry) or by hand: `npx tsx tests/fakes/vat-registers-server.ts <port>`; the app then runs with
 * VIES_URL=http://127.0.0.1:<port>/vies, HMRC_API_URL=http://127.0.0.1:<port>/hmrc and FAKE_HMRC_CLIENT's
 * credentials. `GET /__fake/health` answers "ok". The businesses below are the only registered ones.
 */
import { startFakeVatRegisters } from "./vat-registers";

const E2E_REGISTERED = {
  DE136695976: { name: "---", address: "---" },
  FR40303265045: { name: "TISSUS LUMIERE SARL", address: "12 RUE DES ARTS\n69001 LYON" },
  GB980780684: { name: "THIMBLE AND THREAD LTD", address: "4 Mill Lane\nLeeds\nLS1 4AB" },
};

const port = Number(process.argv[2] ?? process.env.FAKE_VAT_REGISTERS_PORT ?? 4345);
await startFakeVatRegisters(E2E_REGISTERED, { port });
console.log(`fake VAT registers on http://127.0.0.1:${port}`);
