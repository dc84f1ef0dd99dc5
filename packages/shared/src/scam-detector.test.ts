import { describe, expect, it } from 'vitest';
import { english } from 'viem/accounts';
import { detectScam } from './scam-detector';

const seed12 = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const seed24 = english.slice(100, 124).join(' ');

describe('scam detector', () => {
  it.each([
    ['send it to 0x52908400098527886E0F7030069857D2E4169EE7 please', 'EVM address'],
    ['my wallet:0xde709f2102306220921060314715629080e2fb77.', 'EVM address, lowercase, punctuation around'],
    ['BTC 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'BTC legacy'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy is mine', 'BTC P2SH'],
    ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'BTC bech32'],
    ['usdt trc20: TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TRON'],
  ])('flags a wallet address: %s (%s)', (text) => {
    expect(detectScam(text)).toEqual(['wallet-address']);
  });

  it.each([
    [seed12, '12 words'],
    [seed24, '24 words'],
    [
      `restore with:\n${seed12
        .split(' ')
        .map((w, i) => `${i + 1}. ${w}`)
        .join('\n')}`,
      'numbered, one per line',
    ],
    [seed12.split(' ').join(', '), 'comma separated'],
  ])('flags a seed phrase (%#: %s)', (text) => {
    expect(detectScam(text)).toEqual(['seed-phrase']);
  });

  it.each([
    ['write me t.me/crypto_helper', 'telegram link'],
    ['https://t.me/+AbCdEf123', 'telegram invite'],
    ['wa.me/79123456789', 'whatsapp link'],
    ['my tg @crypto_guy', '@handle with tg'],
    ['Telegram: @anna_k', '@handle with Telegram'],
    ['пиши в телегу @vasya_pupkin', '@handle with a Russian messenger word'],
    ['call +7 912 345-67-89', 'international phone'],
    ['8 (912) 345 67 89', 'Russian phone with brackets'],
    ['(555) 123-4567 anytime', 'US phone'],
    ['+44 20 7946 0958', 'UK phone'],
    ['my number 89123456789', 'plain digits'],
  ])('flags an outside messenger: %s (%s)', (text) => {
    expect(detectScam(text)).toEqual(['messenger']);
  });

  it('reports several kinds at once, in a stable order', () => {
    expect(detectScam(`t.me/helper ${seed12} 0x52908400098527886E0F7030069857D2E4169EE7`)).toEqual([
      'wallet-address',
      'seed-phrase',
      'messenger',
    ]);
  });

  it.each([
    'Hi! How are you?',
    'see you @ 5pm near the fountain',
    '@anna are you coming tonight?',
    'my e-mail is anna.k@example.com',
    'the signal is bad here, call you later',
    'I am 25 years old and 180 cm tall',
    'it costs 1 000 000 000 rubles, or 1,000,000,000.50 if you ask',
    'we met on 01.02.2024 and again on 03.04.2025',
    'meet 2024-05-01 at 10:30?',
    'call me at 5',
    '0x1234 is not an address, neither is 0xdeadbeef',
    'ticket 1111111111111111111111111111 was a joke',
    'This is a totally normal Sentence That Has Many Capitalised Words And Goes On',
    'we can meet at the park near the old bridge tomorrow around noon if you want',
    'abandon ability able about above absent absorb abstract absurd abuse access',
    'my TG name is the same as here',
    'ok',
  ])('keeps ordinary text clean: %s', (text) => {
    expect(detectScam(text)).toEqual([]);
  });
});
