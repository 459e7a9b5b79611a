import { describe, expect, it } from 'vitest';
import { pushServiceOf } from '../../../functions/contract/push-services';
import { deviceKindOf } from '../../../functions/notifications/device-names';

describe('the push services the shop sends to', () => {
  it('names the service of the endpoints browsers get', () => {
    expect(pushServiceOf('https://fcm.googleapis.com/fcm/send/dXk', false)).toBe('Google');
    expect(pushServiceOf('https://updates.push.services.mozilla.com/wpush/v2/gAAA', false)).toBe('Mozilla');
    expect(pushServiceOf('https://web.push.apple.com/QO3', false)).toBe('Apple');
    expect(pushServiceOf('https://wns2-pn1p.notify.windows.com/w/?token=BQYA', false)).toBe('Microsoft');
  });

  it('takes no other address: IP literals, look-alike hosts, credentials, ports, plain http', () => {
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00::1]/push',
      'https://2130706433/push',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://notify.windows.com.evil.example/x',
      'https://a@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:444/x',
      'http://fcm.googleapis.com/x',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ])
      expect(pushServiceOf(endpoint, false), endpoint).toBeUndefined();
  });

  it("takes this machine's loopback over plain http only for the local stack's stand-in", () => {
    expect(pushServiceOf('http://127.0.0.1:4010/push/abc', true)).toBe('Local stand-in');
    expect(pushServiceOf('http://[::1]:4010/push/abc', true)).toBe('Local stand-in');
    expect(pushServiceOf('http://127.0.0.1:4010/push/abc', false)).toBeUndefined();
    expect(pushServiceOf('http://10.0.0.1/push/abc', true)).toBeUndefined();
    expect(pushServiceOf('https://127.0.0.1/push/abc', true)).toBeUndefined();
  });
});

describe("what a device is called in its owner's list", () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet',
      'Android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; RMX3630 Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/490.0.0.0;]',
      'Facebook',
      'Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari',
      'iPhone',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux'],
    ['curl/8.5.0', '', ''],
  ])('%s', (userAgent, browser, system) => {
    expect(deviceKindOf(userAgent)).toEqual({ browser, system });
  });

  it('says nothing for a request without a User-Agent', () => {
    expect(deviceKindOf(undefined)).toEqual({ browser: '', system: '' });
  });
});
