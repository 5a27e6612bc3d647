// The pieces of the mirror publisher that need no git server: what a remote's message keeps once the
// token is scrubbed, the basic-auth user per host, the URL, branch and path rules that keep options
// and paths outside the repository off git's command line, and the backoff.
import { isBranchName, isMirrorPath, isMirrorUrl } from '../../../src/contract/mirrors';
import { basicAuthUser, bareUrl, scrub } from '../../../server/src/domain/git-mirror';
import { DEFAULT_TIMINGS, retryDelay } from '../../../server/src/services/mirror-publisher';

const TOKEN = 'ghp_S3cr3tT0kenValue';
const BASIC = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');

describe('the git mirror helpers', () => {
  it("scrubs the token, its basic-auth form and URL credentials from a remote's message, keeping the rest", () => {
    const raw = [
      'hint: Updates were rejected because the remote contains work',
      `fatal: unable to access 'https://user:${TOKEN}@github.com/acme/m.git/': The requested URL returned error: 403`,
      `Authorization: Basic ${BASIC}`,
      `remote: token ${encodeURIComponent(TOKEN)} lacks the contents:write scope`,
    ].join('\n');
    const out = scrub(raw, [TOKEN, encodeURIComponent(TOKEN), BASIC]);
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain(BASIC);
    expect(out).not.toContain('user:');
    expect(out).not.toContain('hint:');
    expect(out).toContain("unable to access 'https://github.com/acme/m.git/': The requested URL returned error: 403");
    expect(out).toContain('lacks the contents:write scope');
    expect(scrub('x'.repeat(5000), []).length).toBeLessThanOrEqual(1001);
  });

  it('sends the user each host expects with a token, or the one the URL names', () => {
    const user = (url: string) => basicAuthUser(new URL(url));
    expect(
      [
        'https://github.com/a/b.git',
        'https://gitlab.com/a/b.git',
        'https://bitbucket.org/a/b.git',
        'https://codeberg.org/a/b.git',
        'https://alice@gitea.example.com/a/b.git',
      ].map(user),
    ).toEqual(['x-access-token', 'oauth2', 'x-token-auth', 'git', 'alice']);
    expect(bareUrl('https://alice@gitea.example.com/a/b.git')).toBe('https://gitea.example.com/a/b.git');
  });

  it('accepts only http(s) URLs without a password, and branches and paths git cannot read as options or escapes', () => {
    expect(['https://github.com/a/b.git', 'http://alice@10.0.0.1:3000/a/b.git'].every(isMirrorUrl)).toBe(true);
    expect(['ssh://git@github.com/a/b.git', 'ext::sh -c id', 'https://u:p@github.com/a/b.git', 'file:///etc', '-https://x'].some(isMirrorUrl)).toBe(false);
    expect(['main', 'release/v1', 'gh-pages'].every(isBranchName)).toBe(true);
    expect(['--force', '-x', 'a..b', 'a/.hidden', 'x.lock', 'a b', '/main', 'main/'].some(isBranchName)).toBe(false);
    expect(['bundle.json', 'apps/com.example/bundle.json'].every(isMirrorPath)).toBe(true);
    expect(['../x', '/etc/passwd', '.git/config', 'a/.GIT/hooks/x', '-n', 'a//b', 'a/./b', 'dir/'].some(isMirrorPath)).toBe(false);
  });

  it('doubles the wait after each failure in a row, up to the limit', () => {
    expect([0, 1, 2, 3].map((n) => retryDelay(DEFAULT_TIMINGS, n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelay(DEFAULT_TIMINGS, 40)).toBe(DEFAULT_TIMINGS.maxBackoffMs);
  });
});
