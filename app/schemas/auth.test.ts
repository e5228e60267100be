import { describe, expect, it } from "vitest";

import { LoginSchema, RegisterSchema, ResetPasswordSchema } from "~/schemas/auth";
import { AUTH_MESSAGES } from "~/utils/messages";

const validRegistration = {
  email: "jane@example.com",
  firstName: "Jane",
  lastName: "Doe",
  password: "password123",
  confirmPassword: "password123",
};

function issuesOf(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((i) => ({ path: i.path.join("."), message: i.message }));
}

describe("RegisterSchema", () => {
  it("accepts a valid registration and trims fields", () => {
    const result = RegisterSchema.safeParse({ ...validRegistration, email: " jane@example.com ", firstName: " Jane " });
    expect(result.success).toBe(true);
    if (result.success) {
      expect(result.data.email).toBe("jane@example.com");
      expect(result.data.firstName).toBe("Jane");
    }
  });

  it('reports "Passwords do not match" on confirmPassword', () => {
    const issues = issuesOf(RegisterSchema.safeParse({ ...validRegistration, confirmPassword: "password124" }));
    expect(issues).toEqual([{ path: "confirmPassword", message: "Passwords do not match" }]);
    expect(AUTH_MESSAGES.passwordsDoNotMatch).toBe("Passwords do not match");
  });

  it("reports a short password", () => {
    const issues = issuesOf(RegisterSchema.safeParse({ ...validRegistration, password: "short", confirmPassword: "short" }));
    expect(issues).toContainEqual({ path: "password", message: "Password must be at least 8 characters" });
  });

  it("requires first and last names and a valid email", () => {
    const issues = issuesOf(
      RegisterSchema.safeParse({ ...validRegistration, email: "not-an-email", firstName: "  ", lastName: undefined }),
    );
    expect(issues).toContainEqual({ path: "email", message: "Enter a valid email address" });
    expect(issues).toContainEqual({ path: "firstName", message: "First name is required" });
    expect(issues).toContainEqual({ path: "lastName", message: "Last name is required" });
  });
});

describe("LoginSchema", () => {
  it("accepts an email and a password", () => {
    expect(LoginSchema.safeParse({ email: "jane@example.com", password: "x" }).success).toBe(true);
  });

  it("requires email and password", () => {
    const issues = issuesOf(LoginSchema.safeParse({}));
    expect(issues).toContainEqual({ path: "email", message: "Email is required" });
    expect(issues).toContainEqual({ path: "password", message: "Password is required" });
  });

  it("rejects empty strings", () => {
    const issues = issuesOf(LoginSchema.safeParse({ email: "", password: "" }));
    expect(issues.map((i) => i.path)).toEqual(expect.arrayContaining(["email", "password"]));
    expect(issues).toContainEqual({ path: "password", message: "Password is required" });
  });
});

describe("ResetPasswordSchema", () => {
  it("reports mismatched passwords on confirmPassword", () => {
    const issues = issuesOf(
      ResetPasswordSchema.safeParse({ token: "t", password: "password123", confirmPassword: "password321" }),
    );
    expect(issues).toEqual([{ path: "confirmPassword", message: AUTH_MESSAGES.passwordsDoNotMatch }]);
  });
});
