/** Shown in place of a card image that fails to load: a quiet illustration, inline so it cannot fail too. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="#e8eaf6"/>' +
      '<rect x="470" y="200" width="260" height="200" rx="20" fill="none" stroke="#9fa8da" stroke-width="16"/>' +
      '<circle cx="540" cy="270" r="26" fill="#9fa8da"/><path d="M490 380l80-80 50 50 40-40 50 70z" fill="#9fa8da"/></svg>',
  );
