import type { MetaFunction } from "@remix-run/node";

import { SupportEmailLink } from "~/components/support-email";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta("Terms & Conditions", "The terms that govern buying and selling sewing patterns, apparel, accessories, home goods and pet items on the Patternhouse marketplace.");

export default function Terms() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-slate-800">
      <h1 className="text-3xl font-semibold">Terms &amp; Conditions</h1>
      <p className="mt-2 text-sm text-slate-500">Last updated: 21 November 2026</p>

      <nav aria-label="Contents" className="mt-6">
        <ul className="mt-3 list-disc pl-6 space-y-1">
          <li><a href="#acceptance">Acceptance of these terms</a></li>
          <li><a href="#accounts">Accounts</a></li>
          <li><a href="#roles">Roles of buyers, sellers and Patternhouse</a></li>
          <li><a href="#listings">Listings, intellectual property and pattern licences</a></li>
          <li><a href="#payments">Prices, fees and payments</a></li>
          <li><a href="#printing-shipping">Printing and shipping</a></li>
          <li><a href="#made-to-order">Made-to-order and ready-to-ship items</a></li>
          <li><a href="#refunds">Refunds and disputes</a></li>
          <li><a href="#reviews">Ratings and reviews</a></li>
          <li><a href="#messaging">Messaging conduct</a></li>
          <li><a href="#prohibited">Prohibited items and conduct</a></li>
          <li><a href="#payouts">Seller payouts</a></li>
          <li><a href="#termination">Suspension and termination</a></li>
          <li><a href="#disclaimers">Disclaimers</a></li>
          <li><a href="#liability">Limitation of liability</a></li>
          <li><a href="#changes">Changes to these terms</a></li>
          <li><a href="#governing-law">Governing law</a></li>
          <li><a href="#contact">Contact</a></li>
        </ul>
      </nav>

      <section id="acceptance">
        <h2 className="mt-8 text-xl font-semibold">1. Acceptance of these terms</h2>
        <p className="mt-3 leading-7">
          Patternhouse (“Patternhouse”, “we”, “us”) operates an online marketplace where independent
          designers (“sellers”) offer sewing patterns, made-to-order apparel, ready-to-ship apparel,
          accessories, home goods and pet items to customers (“buyers”). By creating an account,
          opening a store, placing an order or otherwise using the site, you agree to these Terms
          &amp; Conditions and to our Privacy Policy. If you do not agree, please do not use
          Patternhouse. You must be at least 18 years old to create an account.
        </p>
      </section>

      <section id="accounts">
        <h2 className="mt-8 text-xl font-semibold">2. Accounts</h2>
        <p className="mt-3 leading-7">
          You must give accurate information when you register and keep it up to date. You are
          responsible for keeping your password confidential and for all activity under your
          account. Tell us promptly at support@patternhouse.example if you suspect unauthorised
          access. You may not open additional accounts to evade limits or a suspension, and we
          may reclaim a store name that is misleading or infringes someone else’s rights.
        </p>
      </section>

      <section id="roles">
        <h2 className="mt-8 text-xl font-semibold">3. Roles of buyers, sellers and Patternhouse</h2>
        <p className="mt-3 leading-7">
          Patternhouse provides the venue, the checkout and, for printed patterns, a printing and
          shipping service. Unless a listing says otherwise, the contract of sale for an item is
          between the buyer and the seller. Sellers are responsible for accurate listings, the
          quality of their products, fulfilling orders they ship themselves and complying with
          applicable laws, including tax and product safety rules. Buyers are responsible for
          choosing the right item and giving a correct shipping address. Patternhouse does not
          inspect or guarantee sellers’ items, but we enforce these terms and decide refund
          requests as described below.
        </p>
      </section>

      <section id="listings">
        <h2 className="mt-8 text-xl font-semibold">4. Listings, intellectual property and pattern licences</h2>
        <p className="mt-3 leading-7">
          Sellers keep ownership of the designs, patterns, photos and text they upload, and grant
          Patternhouse a worldwide, non-exclusive, royalty-free licence to host, display and
          promote that content on the marketplace and, for printed patterns, to print the files
          to fulfil orders. Sellers confirm that they own or may use everything they upload and
          that it infringes no one’s rights.
        </p>
        <p className="mt-3 leading-7">
          Unless the listing states different terms, buying a sewing pattern (digital DXF file or
          printed paper pattern) gives the buyer a non-exclusive, non-transferable licence to use
          the pattern for the buyer’s own production: you may make garments and goods from it,
          and DXF patterns may be used for commercial production runs and the finished items
          sold. The licence does not permit you to:
        </p>
        <ul className="mt-3 list-disc pl-6 space-y-1">
          <li>resell, share, publish, upload or give away the pattern files or copies of the printed pattern;</li>
          <li>sell the pattern, or a lightly altered version of it, as your own pattern.</li>
        </ul>
        <p className="mt-3 leading-7">
          To report infringing content, email support@patternhouse.example with details of the
          work and the listing. We may remove content and close the accounts of repeat
          infringers.
        </p>
      </section>

      <section id="payments">
        <h2 className="mt-8 text-xl font-semibold">5. Prices, fees and payments</h2>
        <p className="mt-3 leading-7">
          Sellers set their own prices, displayed in US dollars. Any shipping costs and applicable
          taxes are shown before you pay. Buyers pay by card through Stripe Checkout; Patternhouse
          does not see or store full card numbers. An order is confirmed once payment succeeds.
        </p>
        <p className="mt-3 leading-7">
          For each sale, Patternhouse charges the seller a platform fee: a percentage of the sale
          price subject to a minimum fee per sale, at the rates set by our administrators and
          shown in the seller dashboard. For printed patterns, a printing fee is also deducted.
          Fee changes are announced in advance and do not affect orders already placed.
        </p>
      </section>

      <section id="printing-shipping">
        <h2 className="mt-8 text-xl font-semibold">6. Printing and shipping</h2>
        <p className="mt-3 leading-7">
          Printed paper patterns are printed by Patternhouse and shipped from Los Angeles,
          California. They are available for delivery to addresses in the United States only. We
          aim to dispatch printed patterns within 3 working days of payment; delivery times after
          dispatch depend on the carrier. Digital DXF patterns are available to download from
          your account once payment succeeds.
        </p>
        <p className="mt-3 leading-7">
          Other physical goods are shipped by the seller within the handling time stated in the
          listing. Risk of loss passes to the buyer on delivery to the address provided.
        </p>
      </section>

      <section id="made-to-order">
        <h2 className="mt-8 text-xl font-semibold">7. Made-to-order and ready-to-ship items</h2>
        <p className="mt-3 leading-7">
          Ready-to-ship items are already made and are dispatched within the seller’s stated
          handling time. Made-to-order items are produced after you order, sometimes to your
          measurements; the listing states an estimated production time. Because they are made
          for you, made-to-order items cannot be returned for a change of mind, but this does not
          affect your rights if an item is faulty or not as described.
        </p>
      </section>

      <section id="refunds">
        <h2 className="mt-8 text-xl font-semibold">8. Refunds and disputes</h2>
        <p className="mt-3 leading-7">
          To request a refund, email support@patternhouse.example with your order number, the
          item concerned and the reason, plus photos where relevant, within 30 days of delivery
          (or of the expected delivery date). Patternhouse administrators review each request,
          may ask both parties for information and decide whether a full, partial or no refund
          is due; their decision is final on the platform. Approved refunds go back to the
          original card through Stripe and may be recovered from the seller’s balance. Digital
          patterns are refunded only if the file is defective or not as described. Please try
          messaging the seller first, and contact us before filing a chargeback.
        </p>
      </section>

      <section id="reviews">
        <h2 className="mt-8 text-xl font-semibold">9. Ratings and reviews</h2>
        <p className="mt-3 leading-7">
          Buyers may rate products they have purchased, and ratings must be honest. Sellers may
          not rate their own products or offer incentives for ratings. We may remove fake or
          abusive ratings.
        </p>
      </section>

      <section id="messaging">
        <h2 className="mt-8 text-xl font-semibold">10. Messaging conduct</h2>
        <p className="mt-3 leading-7">
          Messaging exists so buyers and sellers can discuss products and orders. When using it
          you must not:
        </p>
        <ul className="mt-3 list-disc pl-6 space-y-1">
          <li>harass, threaten, insult or discriminate against anyone;</li>
          <li>send spam, unsolicited advertising or chain messages;</li>
          <li>ask to complete a sale outside Patternhouse to avoid fees;</li>
          <li>send malware, phishing links or requests for passwords or payment details.</li>
        </ul>
      </section>

      <section id="prohibited">
        <h2 className="mt-8 text-xl font-semibold">11. Prohibited items and conduct</h2>
        <p className="mt-3 leading-7">You may not list, sell or do any of the following:</p>
        <ul className="mt-3 list-disc pl-6 space-y-1">
          <li>counterfeit goods, or patterns and designs copied from others without permission;</li>
          <li>items that are illegal, recalled or unsafe, including children’s or pet products that breach safety rules;</li>
          <li>hateful, violent or sexually explicit content;</li>
          <li>misleading listings, fake reviews or manipulation of search and ratings;</li>
          <li>files containing malware, or attempts to scrape, overload or break into the site;</li>
          <li>fraud, money laundering or use of stolen payment methods.</li>
        </ul>
      </section>

      <section id="payouts">
        <h2 className="mt-8 text-xl font-semibold">12. Seller payouts</h2>
        <p className="mt-3 leading-7">
          Sellers are paid through Stripe Connect Express. To receive payouts you must complete
          Stripe’s onboarding and verification and accept Stripe’s Connected Account Agreement.
          Sellers receive the sale price less the platform fee, any printing fee and any refunds.
          Payout timing is set by Stripe. We may hold payouts while a refund request, chargeback
          or investigation is pending. Sellers are responsible for their own taxes.
        </p>
      </section>

      <section id="termination">
        <h2 className="mt-8 text-xl font-semibold">13. Suspension and termination</h2>
        <p className="mt-3 leading-7">
          You may close your account at any time once open orders are completed. We may suspend
          or close accounts or remove listings if we reasonably believe you have breached these
          terms, put other users at risk, or where the law requires; where appropriate we will
          explain why. Licences to patterns already purchased survive termination, as do terms
          on payments owed, intellectual property and liability.
        </p>
      </section>

      <section id="disclaimers">
        <h2 className="mt-8 text-xl font-semibold">14. Disclaimers</h2>
        <p className="mt-3 leading-7">
          Patternhouse is provided “as is” and “as available”. To the fullest extent permitted by
          law, we disclaim all warranties, express or implied, including merchantability, fitness
          for a particular purpose and non-infringement. We do not guarantee that the site will
          be uninterrupted, or that patterns will suit every body, fabric or production process.
        </p>
      </section>

      <section id="liability">
        <h2 className="mt-8 text-xl font-semibold">15. Limitation of liability</h2>
        <p className="mt-3 leading-7">
          To the fullest extent permitted by law, Patternhouse is not liable for indirect,
          incidental, special, consequential or punitive damages, or for lost profits, revenue,
          data or goodwill. Our total liability for any claim relating to the marketplace is
          limited to the greater of the fees you paid to Patternhouse in the 12 months before the
          claim arose or US $100. Nothing here limits liability that cannot be limited by law.
        </p>
      </section>

      <section id="changes">
        <h2 className="mt-8 text-xl font-semibold">16. Changes to these terms</h2>
        <p className="mt-3 leading-7">
          We may update these terms and will post the new version here with a new “Last updated”
          date, notifying account holders in advance of material changes. Using Patternhouse
          after changes take effect means you accept them.
        </p>
      </section>

      <section id="governing-law">
        <h2 className="mt-8 text-xl font-semibold">17. Governing law</h2>
        <p className="mt-3 leading-7">
          These terms are governed by the laws of the State of California, United States,
          without regard to its conflict-of-law rules. Disputes will be resolved in the state or
          federal courts in Los Angeles County, California, unless the law where you live gives
          you the right to sue elsewhere.
        </p>
      </section>

      <section id="contact">
        <h2 className="mt-8 text-xl font-semibold">18. Contact</h2>
        <p className="mt-3 leading-7">
          Questions about these terms, refund requests and intellectual property notices can be
          sent to{" "}
          <SupportEmailLink />
          .
        </p>
      </section>
    </article>
  );
}
