// Browser calls of the account screens (docs/product/api.md#api-auth, #api-users, #api-upload):
// same-origin fetches, so the httpOnly session cookie and the Origin header travel by themselves.
// Types only from contracts: no zod reaches the browser bundle.
import type {
  AuthProviders,
  AuthResponse,
  ChangeEmailBody,
  ChangePasswordBody,
  EmailConfirmationResponse,
  OwnUser,
  OwnUserView,
  UploadedFile,
} from "@pragmatist/contracts";
import { ApiError, toApiError } from "./fetch-json";

/** A failed call in words: the session that ended, no network, or the server's message. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return "Sign in again to change this.";
  if (error instanceof ApiError) return error.message;
  return "No connection: check your network and try again.";
}

/**
 * Sends one API request. `body` is sent as JSON, or as is when it is FormData (multipart).
 * Shared by the account screens and the studio (features/studio/studio-api.ts).
 * @throws ApiError on a non-2xx status; TypeError when the network fails.
 */
export async function call<T>(
  method: string,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(url, {
    method,
    headers,
    body: payload,
    credentials: "same-origin",
    signal: signal ?? null,
  });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

/**
 * Uploads `file` in the multipart field `files` to `path` (`POST /api/upload`, or the studio's
 * `POST /api/studio/images`), which answer Strapi's array of stored files
 * (docs/product/api.md#api-upload).
 * @returns the stored image.
 * @throws ApiError with the server's message (400 not an image, 413 too large, 429 …).
 */
export async function uploadImageTo(path: string, file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append("files", file);
  const files = await call<UploadedFile[]>("POST", path, form);
  const first = files[0];
  if (!first) throw new ApiError(500, null, "The upload answered no file");
  return first;
}

/**
 * The `crop` of `POST /api/upload` ("x,y,width,height", docs/product/api.md#api-upload) for a
 * square in whole pixels of the upright image, as react-easy-crop's `croppedAreaPixels` gives it.
 */
export function cropValue(area: { x: number; y: number; width: number; height: number }): string {
  return [area.x, area.y, area.width, area.height].join(",");
}

const userPath = (id: number) => `/api/users/${encodeURIComponent(String(id))}`;

/**
 * The account calls of the browser (docs/product/api.md#api-auth, #api-users, #api-upload), one
 * method per endpoint, each through {@link call}: they throw ApiError on a refusal and TypeError
 * when the network fails.
 */
export const accountApi = {
  /** `POST /api/auth/local`: sign in with the email as identifier; sets the session cookie. */
  signIn(body: { identifier: string; password: string }): Promise<AuthResponse> {
    return call("POST", "/api/auth/local", body);
  },

  /** `POST /api/auth/local/register`; sets the session cookie. */
  signUp(body: { username: string; email: string; password: string }): Promise<AuthResponse> {
    return call("POST", "/api/auth/local/register", body);
  },

  /** `POST /api/auth/logout`: revokes every session of the member and clears the cookie. */
  signOut(): Promise<{ ok: true }> {
    return call("POST", "/api/auth/logout");
  },

  /** `POST /api/auth/forgot-password`: always `{ ok: true }`, whether or not the email exists. */
  forgotPassword(email: string): Promise<{ ok: true }> {
    return call("POST", "/api/auth/forgot-password", { email });
  },

  /** `POST /api/auth/reset-password` with the code from the mailed link. */
  resetPassword(body: {
    code: string;
    password: string;
    passwordConfirmation: string;
  }): Promise<{ ok: true }> {
    return call("POST", "/api/auth/reset-password", body);
  },

  /**
   * `POST /api/auth/reset-password/check`: whether the mailed link's code can still set a
   * password (spends nothing). @throws ApiError 400 when it cannot.
   */
  checkResetCode(code: string): Promise<{ ok: true }> {
    return call("POST", "/api/auth/reset-password/check", { code });
  },

  /**
   * `POST /api/auth/change-password`: the member's new password (current one required); every
   * other session ends, this browser gets a new session cookie. @throws ApiError 400 (wrong
   * current password, a weak password), 429.
   */
  changePassword(body: ChangePasswordBody): Promise<AuthResponse> {
    return call("POST", "/api/auth/change-password", body);
  },

  /**
   * `POST /api/auth/change-email`: mails a link to the new address; the account keeps its email
   * until it is followed. @throws ApiError 400 (wrong password, unusable address), 429.
   */
  changeEmail(body: ChangeEmailBody): Promise<{ ok: true }> {
    return call("POST", "/api/auth/change-email", body);
  },

  /** `POST /api/auth/send-email-confirmation`: a new verification link. @throws ApiError 400, 429. */
  resendVerification(): Promise<{ ok: true }> {
    return call("POST", "/api/auth/send-email-confirmation");
  },

  /** `POST /api/auth/email-confirmation` with the code of a mailed link. @throws ApiError 400. */
  confirmEmail(code: string): Promise<EmailConfirmationResponse> {
    return call("POST", "/api/auth/email-confirmation", { code });
  },

  /** `GET /api/auth/providers`: which third-party sign-ins are configured. */
  providers(signal?: AbortSignal): Promise<AuthProviders> {
    return call("GET", "/api/auth/providers", undefined, signal);
  },

  /** `GET /api/auth/google/callback?access_token=`: trades the one-time code for a session. */
  googleCallback(accessToken: string): Promise<AuthResponse> {
    const qs = new URLSearchParams({ access_token: accessToken });
    return call("GET", `/api/auth/google/callback?${qs}`);
  },

  /** `GET /api/users/{id}?populate=bookmarked&populate=profilePicture`: own profile + bookmarks. */
  profile(id: number, signal?: AbortSignal): Promise<OwnUserView> {
    const url = `${userPath(id)}?populate=bookmarked&populate=profilePicture`;
    return call("GET", url, undefined, signal);
  },

  /** `PUT /api/users/{id}`: a new name and/or a picture (a media id from `upload`). */
  updateUser(id: number, body: { username?: string; profilePicture?: number }): Promise<OwnUser> {
    return call("PUT", userPath(id), body);
  },

  /** `DELETE /api/users/{id}`: removes the account and ends every session. */
  deleteUser(id: number): Promise<unknown> {
    return call("DELETE", userPath(id));
  },

  /**
   * `POST /api/upload` (multipart field `files`): the stored image; the old client reads
   * `data[0].id` (docs/product/api.md#api-upload). `crop` ({@link cropValue}) keeps only that
   * square of it.
   */
  uploadImage(file: File, crop?: string): Promise<UploadedFile> {
    const query = crop ? `?${new URLSearchParams({ crop })}` : "";
    return uploadImageTo(`/api/upload${query}`, file);
  },
};
