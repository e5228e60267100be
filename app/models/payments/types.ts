import type { Checkout } from "../../../db/tables";

/** One line of a payment session: a cart line, or the printing-and-shipping line. */
export type SessionLine = {
  name: string;
  unitAmountCents: number;
  quantity: number;
  /** Stripe Tax's product tax code (decision 123); shipping lines have none. */
  taxCode?: string;
};

/** The tax a provider computed on a paid session (Stripe Tax). */
export type ProviderTax = { totalCents: number; lineTaxCents: number[]; country: string | null };

/** What the provider says about a payment session right now. */
export type SessionState = "open" | "paid" | "expired" | "unpaid-complete";

/**
 * A payment provider (design notes, Payments): Stripe Checkout, or the embedded local test page.
 * Fulfilment and release are ours (fulfilment.server.ts); the provider only takes the money.
 */
export interface PaymentProvider {
  readonly name: "stripe" | "local";
  createSession(args: {
    checkout: Checkout;
    lines: SessionLine[];
    buyerEmail: string;
    origin: string;
  }): Promise<{ sessionId: string; url: string }>;
  /**
   * The session's state, with the amount paid when it is paid. Under Stripe Tax (decision 123) also the tax the
   * provider computed: in all, per session line in the order the lines were sent, and the customer's country.
   */
  getSession(sessionId: string): Promise<{
    state: SessionState;
    amountTotalCents: number | null;
    paymentIntentId?: string | null;
    tax?: ProviderTax | null;
    /** The country of the card that paid (Stripe's charge), a second piece of evidence of where the buyer is. */
    cardCountry?: string | null;
  }>;
  /** Gives a paid session's whole payment back (once per session, also when asked again). */
  refundSession?(sessionId: string, amountCents: number): Promise<string>;
  /** Ends an open session so it can no longer be paid; answers the state it ended in. */
  expireSession(sessionId: string): Promise<SessionState>;
}
