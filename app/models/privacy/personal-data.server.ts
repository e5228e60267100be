/**
 * The personal-data export of the whole marketplace (decision 103, issue 36): accounts' gatherer given every
 * domain's section in the export's order. The user's download, the JSON call and the administrator's download
 * read it here; it sits above every domain it names, so no domain imports another to be exported.
 */
import { gatherPersonalData, gatherPersonalDataFor, type DataActor } from "~/models/accounts/personal-data-export.server";
import { buyingPersonalData } from "~/models/buying/personal-data.server";
import { catalogPersonalData } from "~/models/catalog/personal-data.server";
import { filesPersonalData } from "~/models/files/personal-data.server";
import { fitPersonalData } from "~/models/fit/personal-data.server";
import { layoutPersonalData } from "~/models/layout/personal-data.server";
import { makesPersonalData } from "~/models/makes/personal-data.server";
import { messagingPersonalData } from "~/models/messaging/personal-data.server";
import { paymentsPersonalData } from "~/models/payments/personal-data.server";
import { platformPersonalData } from "~/models/platform/personal-data.server";
import { sellingPersonalData } from "~/models/selling/personal-data.server";
import { testingPersonalData } from "~/models/testing/personal-data.server";
import type { Db } from "~/utils/db.server";

/** Every domain's section, after accounts' profile, sessions and password resets. */
export const PERSONAL_DATA_SECTIONS = [
  sellingPersonalData,
  catalogPersonalData,
  fitPersonalData,
  buyingPersonalData,
  paymentsPersonalData,
  messagingPersonalData,
  filesPersonalData,
  platformPersonalData,
  makesPersonalData,
  testingPersonalData,
  layoutPersonalData,
] as const;

/** Everything about one user, or undefined for an unknown id. Secrets (password hash, tokens) are never in it. */
export async function exportUserData({ db, userId, now }: { db: Db; userId: number; now?: Date }) {
  return await gatherPersonalData({ db, userId, now, sections: PERSONAL_DATA_SECTIONS });
}

/** The export, written to the audit log with who asked. */
export async function exportUserDataFor({ db, userId, actor, now }: { db: Db; userId: number; actor: DataActor; now?: Date }) {
  return await gatherPersonalDataFor({ db, userId, actor, now, sections: PERSONAL_DATA_SECTIONS });
}
