-- 0015: findings show the holder's name and the risk's description (DESIGN 6, issue 15). A page
-- of findings looks its names up in the analysed period by key: index them by (import, key).
CREATE INDEX sap_user_addr_import_bname_idx ON sap_user_addr (import_id, bname);
CREATE INDEX sap_agr_texts_import_agr_idx ON sap_agr_texts (import_id, agr_name);
