/**
 * The SDKs of the optional services (S3-compatible storage, Stripe, SMTP, EasyPost), loaded the first time an install
 * that configured the service uses it, not when the server starts (decision 149). A default install uses none of
 * them, and together they were 42 MB of the server's 155 MB and a second of its start; each thread that opens the
 * checkout's modules (the pattern workers, the race tests' threads) paid the same.
 *
 * Synchronous `require` of their CommonJS builds, so the callers keep their synchronous APIs; the types come from the
 * packages' own declarations.
 */
import { createRequire } from "node:module";

import type EasyPostClient from "@easypost/api";
import type * as S3 from "@aws-sdk/client-s3";
import type * as Nodemailer from "nodemailer";
import type Stripe from "stripe";

const load = createRequire(import.meta.url);

export const s3Sdk = (): typeof S3 => load("@aws-sdk/client-s3");
export const stripeSdk = (): typeof Stripe => load("stripe");
export const nodemailerSdk = (): typeof Nodemailer => load("nodemailer");
export const easyPostSdk = (): typeof EasyPostClient => load("@easypost/api");
