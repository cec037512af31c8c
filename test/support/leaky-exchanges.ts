/**
 * Exchanges that carry secrets in each spelling traffic files used to keep in clear (issue 37): form
 * bodies and answers, text answers, names the credential list missed, copies of a masked value. Each
 * case says which texts must appear nowhere in a written file, and which ordinary values must stay.
 * Paths are distinct, so one recording of them all can be read case by case.
 */
export interface LeakyCase {
  name: string;
  request: { method: string; path: string; headers: Record<string, string>; body?: string };
  response: { status: number; headers: Record<string, string>; body: string };
  /** Texts that must appear in no written file. */
  secrets: string[];
  /** Texts of the exchange that are not secrets and must be kept as they were. */
  kept: string[];
}

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
const TEXT = "text/plain; charset=utf-8";

export const LEAKY_CASES: LeakyCase[] = [
  {
    name: "form request: an OAuth token exchange (client_secret=, code=)",
    request: {
      method: "POST",
      path: "/oauth/token",
      headers: { "content-type": FORM },
      body: "grant_type=authorization_code&code=Oc0de4f9A1b2&client_id=app-17&client_secret=Cs3cr3tZ9y8x&redirect_uri=https%3A%2F%2Fapp.example%2Fcb",
    },
    response: { status: 200, headers: { "content-type": JSON_TYPE }, body: '{"scope":"repo"}' },
    secrets: ["Oc0de4f9A1b2", "Cs3cr3tZ9y8x"],
    kept: [
      "grant_type=authorization_code",
      "client_id=app-17",
      "redirect_uri=https%3A%2F%2Fapp.example%2Fcb",
    ],
  },
  {
    name: "form request: a login (password=)",
    request: {
      method: "POST",
      path: "/login-form",
      headers: { "content-type": FORM },
      body: "username=ann&password=Hunter2Pw77",
    },
    response: { status: 200, headers: { "content-type": TEXT }, body: "welcome back, ann" },
    secrets: ["Hunter2Pw77"],
    kept: ["username=ann", "welcome back, ann"],
  },
  {
    name: "form answer: GitHub OAuth's default (access_token=, refresh_token=)",
    request: {
      method: "POST",
      path: "/login/oauth/access_token",
      headers: { "content-type": FORM },
      body: "client_id=app-17",
    },
    response: {
      status: 200,
      headers: { "content-type": `${FORM}; charset=utf-8` },
      body: "access_token=Ga7c3e1b9d2f&refresh_token=Gr8d4f2a0c1e&scope=repo&token_type=bearer",
    },
    secrets: ["Ga7c3e1b9d2f", "Gr8d4f2a0c1e"],
    kept: ["client_id=app-17", "scope=repo", "token_type=bearer"],
  },
  {
    name: "text answer: a form served as text/plain",
    request: { method: "GET", path: "/token-text", headers: {} },
    response: {
      status: 200,
      headers: { "content-type": TEXT },
      body: "access_token=At0kenPlain42&scope=read",
    },
    secrets: ["At0kenPlain42"],
    kept: ["scope=read"],
  },
  {
    name: "text answer: a bare token",
    request: { method: "GET", path: "/token-bare", headers: {} },
    response: { status: 200, headers: { "content-type": TEXT }, body: "Bt7f3a9c2e1d4b6a8c0e2f4a6b8d0\n" },
    secrets: ["Bt7f3a9c2e1d4b6a8c0e2f4a6b8d0"],
    kept: [],
  },
  {
    name: "text answer: a token of a known shape inside a sentence",
    request: { method: "GET", path: "/token-sentence", headers: {} },
    response: {
      status: 200,
      headers: { "content-type": TEXT },
      body: "your token is ghp_Wq3xY7zK1mN5pR9sT2uV6wX0yZ4aB8cD1eF3 keep it safe",
    },
    secrets: ["ghp_Wq3xY7zK1mN5pR9sT2uV6wX0yZ4aB8cD1eF3"],
    kept: ["your token is", "keep it safe"],
  },
  {
    name: "query names the list missed (?pwd=, ?code=, ?session=)",
    request: {
      method: "GET",
      path: "/search?pwd=Qpwd9x8y7z&code=Qc0de5566aa&session=Qsess1234zz&page=2",
      headers: {},
    },
    response: { status: 200, headers: { "content-type": JSON_TYPE }, body: '{"results":[]}' },
    secrets: ["Qpwd9x8y7z", "Qc0de5566aa", "Qsess1234zz"],
    kept: ["page=2", '{"results":[]}'],
  },
  {
    name: "headers the list missed (X-JWT-Assertion, X-Session-*)",
    request: {
      method: "GET",
      path: "/me",
      headers: {
        "x-jwt-assertion": "Hjwtassert0123",
        "x-session-token": "Hsess0123456",
        "x-request-id": "req-42",
      },
    },
    response: {
      status: 200,
      headers: { "content-type": JSON_TYPE, "x-session-id": "Hsessid98765" },
      body: '{"user":"ann"}',
    },
    secrets: ["Hjwtassert0123", "Hsess0123456", "Hsessid98765"],
    kept: ["req-42", '{"user":"ann"}'],
  },
  {
    name: "JSON fields the list missed (pass, pwd, jwt, session); an error's code stays",
    request: {
      method: "POST",
      path: "/login-json",
      headers: { "content-type": JSON_TYPE },
      body: '{"user":"ann","pass":"Jpass12345","pwd":"Jpwd123456","jwt":"Jjwt1234567"}',
    },
    response: {
      status: 201,
      headers: { "content-type": JSON_TYPE },
      body: '{"session":"Jsession9876","code":"created","user":"ann"}',
    },
    secrets: ["Jpass12345", "Jpwd123456", "Jjwt1234567", "Jsession9876"],
    kept: ['"code":"created"', '"user":"ann"'],
  },
  {
    name: "a masked credential echoed by the answer",
    request: { method: "GET", path: "/echo", headers: { authorization: "Bearer Ek3yEcho998877" } },
    response: {
      status: 200,
      headers: { "content-type": JSON_TYPE },
      body: '{"you_sent":"Bearer Ek3yEcho998877","ok":true}',
    },
    secrets: ["Ek3yEcho998877"],
    kept: ['"ok":true', "you_sent"],
  },
  {
    name: "an OAuth redirect's code in Location",
    request: { method: "GET", path: "/authorize", headers: {} },
    response: {
      status: 302,
      headers: { location: "https://app.example/cb?code=Lc0de77665544&state=xyz" },
      body: "",
    },
    secrets: ["Lc0de77665544"],
    kept: ["https://app.example/cb?", "state=xyz"],
  },
];

/** The case an exchange belongs to, by its path (query included). */
export function leakyCaseOf(pathAndQuery: string): LeakyCase | undefined {
  return LEAKY_CASES.find((leaky) => leaky.request.path === pathAndQuery);
}
