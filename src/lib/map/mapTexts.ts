/** What the map says when no tile server is set (the page says it from the first paint when built without one). */
export const NO_TILES_NOTE = 'Упрощённая карта: города, федеральные трассы и главные улицы показаны схематично.';
/** What the map says when the tile server stops answering and our own background takes over. */
export const TILES_FAILED_NOTE = 'Подложка карты не загрузилась: показываем упрощённую карту — города, трассы и главные улицы схематично.';
