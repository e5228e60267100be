import { redirect } from "@remix-run/node";

/** /profile is in the spec's route table without a screen of its own: /settings is the profile screen. */
export async function loader() {
  return redirect("/settings");
}
