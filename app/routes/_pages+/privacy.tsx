import type { MetaFunction } from "@remix-run/node";

import { SupportEmailLink } from "~/components/support-email";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta("Privacy Policy", "How Patternhouse collects, uses, shares and protects personal data of buyers and sellers on its sewing pattern and handmade goods marketplace.");

export default function Privacy() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-slate-800">
      <h1 className="text-3xl font-semibold">Privacy Policy</h1>
      <p className="mt-2 text-sm text-slate-500">Last updated: 21 November 2026</p>

      <nav aria-label="Contents" className="mt-6">
        <ul className="mt-3 list-disc pl-6 space-y-1">
          <li><a href="#who-we-are">Who we are</a></li>
          <li><a href="#what-we-collect">What we collect</a></li>
          <li><a href="#how-we-use">Why we use it</a></li>
          <li><a href="#legal-bases">Legal bases</a></li>
          <li><a href="#sharing">Sharing</a></li>
          <li><a href="#cookies">Cookies</a></li>
          <li><a href="#retention">Retention</a></li>
          <li><a href="#security">Security</a></li>
          <li><a href="#rights">Your rights</a></li>
          <li><a href="#children">Children</a></li>
          <li><a href="#transfers">International transfers</a></li>
          <li><a href="#changes">Changes to this policy</a></li>
          <li><a href="#contact">Contact</a></li>
        </ul>
      </nav>

      <section id="who-we-are">
        <h2 className="mt-8 text-xl font-semibold">1. Who we are</h2>
        <p className="mt-3 leading-7">
          Patternhouse (“Patternhouse”, “we”, “us”) runs an online marketplace where independent
          designers sell sewing patterns, made-to-order and ready-to-ship apparel, accessories,
          home goods and pet items. This policy explains what personal data we collect when you
          browse, buy or sell on Patternhouse, why we collect it, who we share it with and the
          choices and rights you have. Patternhouse is the controller of the personal data
          described here. Sellers who receive buyer data to fulfil orders are responsible for
          handling it lawfully as well.
        </p>
      </section>

      <section id="what-we-collect">
        <h2 className="mt-8 text-xl font-semibold">2. What we collect</h2>
        <p className="mt-3 leading-7">We collect only what we need to run the marketplace:</p>
        <ul className="mt-3 list-disc pl-6 space-y-1">
          <li>
            <strong>Account data:</strong> your email address, name and password. Passwords are
            stored only as a salted one-way hash; we never store them in plain text.
          </li>
          <li>
            <strong>Shipping and contact data:</strong> the shipping address and phone number you
            provide for deliveries.
          </li>
          <li>
            <strong>Order data:</strong> items purchased, prices, fees, order status, refund
            requests and related correspondence. Card payments are handled by Stripe; we receive
            a payment reference and status, not your full card number.
          </li>
          <li>
            <strong>Messages:</strong> the content of messages you exchange with buyers or
            sellers through the site, and emails you send to our support address.
          </li>
          <li>
            <strong>Store data (sellers):</strong> store name, description, listings, photos,
            prices and your Stripe Connect account identifier. Identity and bank details for
            payouts are collected and held by Stripe, not by us.
          </li>
          <li>
            <strong>Uploaded files:</strong> pattern files (such as DXF files), product images and
            other content you upload.
          </li>
          <li>
            <strong>Activity data:</strong> stores you follow and products you rate.
          </li>
          <li>
            <strong>Technical data:</strong> a session cookie, and server logs containing IP
            address, browser user agent, requested pages, timestamps and error information.
          </li>
        </ul>
      </section>

      <section id="how-we-use">
        <h2 className="mt-8 text-xl font-semibold">3. Why we use it</h2>
        <ul className="mt-3 list-disc pl-6 space-y-1">
          <li>to create and secure your account and keep you signed in;</li>
          <li>to process orders and payments, deliver digital downloads and print and ship paper patterns;</li>
          <li>to let sellers fulfil and ship the orders placed with them;</li>
          <li>to pay sellers, calculate platform and printing fees and keep financial records;</li>
          <li>to deliver messages between buyers and sellers and to show follows and ratings;</li>
          <li>to handle support requests, refund requests and disputes;</li>
          <li>to send service emails such as order confirmations, shipping updates and password resets;</li>
          <li>to detect and prevent fraud, abuse, infringement and security incidents;</li>
          <li>to comply with legal, tax and accounting obligations.</li>
        </ul>
        <p className="mt-3 leading-7">
          We do not sell your personal data, we do not use it for targeted advertising, and we
          do not build advertising profiles.
        </p>
      </section>

      <section id="legal-bases">
        <h2 className="mt-8 text-xl font-semibold">4. Legal bases</h2>
        <p className="mt-3 leading-7">
          Where data protection laws such as the GDPR or UK GDPR apply, we rely on the following
          legal bases:
        </p>
        <ul className="mt-3 list-disc pl-6 space-y-1">
          <li>
            <strong>Performance of a contract:</strong> running your account, processing orders,
            shipping, messaging and seller payouts.
          </li>
          <li>
            <strong>Legitimate interests:</strong> keeping the marketplace secure, preventing
            fraud and abuse, resolving disputes and improving the service, balanced against your
            rights.
          </li>
          <li>
            <strong>Legal obligation:</strong> keeping tax and accounting records and responding
            to lawful requests from authorities.
          </li>
          <li>
            <strong>Consent:</strong> where we ask for it for a specific purpose; you can withdraw
            consent at any time.
          </li>
        </ul>
      </section>

      <section id="sharing">
        <h2 className="mt-8 text-xl font-semibold">5. Sharing</h2>
        <p className="mt-3 leading-7">We share personal data only as needed:</p>
        <ul className="mt-3 list-disc pl-6 space-y-1">
          <li>
            <strong>Stripe:</strong> our payment processor handles card payments through Stripe
            Checkout and seller payouts through Stripe Connect. Stripe processes data under its
            own privacy policy.
          </li>
          <li>
            <strong>Sellers:</strong> when you buy a physical item, the seller receives your name,
            the shipping address and phone number for that order and the order details. Sellers
            may use this data only to fulfil and support the order.
          </li>
          <li>
            <strong>Email provider:</strong> we use an email delivery service to send
            transactional emails such as order confirmations and password resets.
          </li>
          <li>
            <strong>Shipping carriers:</strong> for printed patterns, which we ship from Los
            Angeles, the carrier receives the delivery name and address.
          </li>
          <li>
            <strong>Hosting and infrastructure providers</strong> that store and serve the site
            on our behalf under confidentiality obligations.
          </li>
          <li>
            <strong>Authorities and others</strong> where required by law, to enforce our terms,
            or to protect the rights, property or safety of our users or the public.
          </li>
          <li>
            <strong>A successor business</strong> if Patternhouse is involved in a merger,
            acquisition or sale of assets, subject to this policy.
          </li>
        </ul>
        <p className="mt-3 leading-7">
          Public store pages, listings, product ratings and store names are visible to anyone
          visiting the site.
        </p>
      </section>

      <section id="cookies">
        <h2 className="mt-8 text-xl font-semibold">6. Cookies</h2>
        <p className="mt-3 leading-7">
          We use a single, strictly necessary session cookie. It is marked httpOnly, so it cannot
          be read by scripts in the page, and it keeps you signed in and protects forms against
          misuse. We do not use tracking, analytics or advertising cookies, and we do not allow
          third-party advertising networks on the site. Stripe Checkout runs on Stripe’s own
          pages and may set cookies there for fraud prevention under Stripe’s policy. Because our
          cookie is essential, the site will not work properly for signed-in features if you
          block it.
        </p>
      </section>

      <section id="retention">
        <h2 className="mt-8 text-xl font-semibold">7. Retention</h2>
        <p className="mt-3 leading-7">
          We keep account data for as long as your account is open. When you delete your
          account, we delete or anonymise your profile, messages and uploaded files within a
          reasonable period, except where we must keep data longer. Order, payment and payout
          records are kept for as long as required by tax and accounting law, typically up to 7
          years. Server logs are kept for a short period, normally no more than 90 days, unless
          needed to investigate a security incident. Session cookies expire when you sign out or
          after a period of inactivity.
        </p>
      </section>

      <section id="security">
        <h2 className="mt-8 text-xl font-semibold">8. Security</h2>
        <p className="mt-3 leading-7">
          We protect personal data with measures appropriate to the risk, including encrypted
          connections (HTTPS), hashed passwords, httpOnly session cookies, access controls that
          limit administrator access to what is needed, and card handling delegated to Stripe.
          No system is perfectly secure; if a breach affects your personal data we will notify
          you and the relevant authorities as required by law. Please use a strong, unique
          password and tell us at once if you suspect your account has been compromised.
        </p>
      </section>

      <section id="rights">
        <h2 className="mt-8 text-xl font-semibold">9. Your rights</h2>
        <p className="mt-3 leading-7">
          Depending on where you live (for example under the GDPR, UK GDPR or the California
          Consumer Privacy Act), you may have the right to:
        </p>
        <ul className="mt-3 list-disc pl-6 space-y-1">
          <li><strong>Access</strong> the personal data we hold about you;</li>
          <li><strong>Correct</strong> inaccurate or incomplete data, much of which you can edit in your account settings;</li>
          <li><strong>Delete</strong> your account and personal data, subject to legal retention duties;</li>
          <li><strong>Export</strong> your data in a portable, machine-readable format;</li>
          <li><strong>Object</strong> to or restrict certain processing, and withdraw consent where we rely on it.</li>
        </ul>
        <p className="mt-3 leading-7">
          To exercise these rights, email support@patternhouse.example from the address linked to
          your account. We may need to verify your identity and will respond within the time
          required by law, normally within 30 days. We will not discriminate against you for
          exercising your rights. You may also complain to your local data protection authority.
        </p>
      </section>

      <section id="children">
        <h2 className="mt-8 text-xl font-semibold">10. Children</h2>
        <p className="mt-3 leading-7">
          Patternhouse is not directed at children, and you must be at least 18 to create an
          account. We do not knowingly collect personal data from children under 13 (or the
          equivalent minimum age where you live). If you believe a child has given us personal
          data, contact us and we will delete it.
        </p>
      </section>

      <section id="transfers">
        <h2 className="mt-8 text-xl font-semibold">11. International transfers</h2>
        <p className="mt-3 leading-7">
          Patternhouse is based in the United States, and our service providers may process data
          in the United States and other countries. If you use Patternhouse from outside the
          United States, your data will be transferred there. Where the law requires it, we rely
          on appropriate safeguards such as the European Commission’s Standard Contractual
          Clauses or equivalent mechanisms to protect transferred data.
        </p>
      </section>

      <section id="changes">
        <h2 className="mt-8 text-xl font-semibold">12. Changes to this policy</h2>
        <p className="mt-3 leading-7">
          We may update this policy when our practices or the law change. We will post the new
          version here with a new “Last updated” date and, for significant changes, let account
          holders know by email or a notice on the site before the changes take effect.
        </p>
      </section>

      <section id="contact">
        <h2 className="mt-8 text-xl font-semibold">13. Contact</h2>
        <p className="mt-3 leading-7">
          For questions about this policy or your personal data, contact us at{" "}
          <SupportEmailLink />
          .
        </p>
      </section>
    </article>
  );
}
