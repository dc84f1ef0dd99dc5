/** The public pages and their h1 in each language. */
export const PUBLIC_PAGES = [
  { url: '/', en: 'Raise your hand. Meet someone nearby.', ru: 'Поднимите руку. Встретьтесь с кем-то рядом.' },
  { url: '/meet-and-play', en: 'Meet & play', ru: 'Встречайся и играй' },
  { url: '/help/how-to-meet', en: 'How to meet & play', ru: 'Как встречаться и играть' },
  { url: '/help/faq', en: 'FAQ', ru: 'Вопросы и ответы' },
  { url: '/terms', en: 'Terms of Use', ru: 'Условия использования' },
  { url: '/privacy', en: 'Privacy Policy', ru: 'Политика конфиденциальности' },
  { url: '/support', en: 'Support', ru: 'Поддержка' },
  { url: '/affiliates', en: 'Affiliates', ru: 'Партнёрам' },
  { url: '/risk', en: 'Risk disclaimer', ru: 'Предупреждение о рисках' },
] as const;
