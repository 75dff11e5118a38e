*&---------------------------------------------------------------------*
*& Report ZSEGRA_EXTRACT
*&---------------------------------------------------------------------*
*& Writes the SAP tables that Segra reads as tab-delimited UTF-8 text
*& files named <TABLE>.txt, each with a header row of technical field
*& names, either to an application-server directory (P_DIR) or to a
*& folder on the PC through SAP GUI (P_LOCAL). See
*& docs/extracting-data.md in the Segra repository.
*&
*& Only the columns Segra reads (server/importers/extract-tables.ts),
*& plus the client column MANDT where the table has one, are selected
*& and written. USR02 password hash fields are never selected; a deny
*& list below refuses them even if someone edits the column lists.
*&
*& Classic ABAP syntax for NetWeaver 7.40 and later. Review it, test it
*& in a development system and transport it like any other program.
*&
*& Selection texts to maintain (Goto > Text Elements > Selection Texts):
*&   P_DIR    Application-server directory
*&   P_LOCAL  PC folder (SAP GUI download)
*&   S_TAB    Tables (empty = all)
*&   P_LANGU  Language of TSTCT and AGR_TEXTS texts
*&   P_PKG    Rows per database package
*&---------------------------------------------------------------------*
REPORT zsegra_extract.

TYPES: BEGIN OF ty_spec,
         tabname   TYPE tabname,
         columns   TYPE string,     " Segra's columns, blank-separated
         condition TYPE string,     " dynamic WHERE condition, may be empty
         mandatory TYPE abap_bool,  " Segra rejects an extract without it
       END OF ty_spec,
       ty_specs     TYPE STANDARD TABLE OF ty_spec WITH NON-UNIQUE KEY tabname,
       ty_tab_range TYPE RANGE OF tabname.

DATA: gv_tab    TYPE tabname,       " reference type for S_TAB only
      gv_folder TYPE string.        " F4 result for P_LOCAL

SELECTION-SCREEN BEGIN OF BLOCK b_target WITH FRAME.
PARAMETERS: p_dir   TYPE localfile LOWER CASE,
            p_local TYPE localfile LOWER CASE.
SELECTION-SCREEN END OF BLOCK b_target.

SELECTION-SCREEN BEGIN OF BLOCK b_options WITH FRAME.
SELECT-OPTIONS s_tab FOR gv_tab NO INTERVALS.
PARAMETERS: p_langu TYPE spras DEFAULT sy-langu,
            p_pkg   TYPE i DEFAULT 50000.
SELECTION-SCREEN END OF BLOCK b_options.

*----------------------------------------------------------------------*
CLASS lcl_extract DEFINITION FINAL.
  PUBLIC SECTION.
    METHODS constructor
      IMPORTING iv_dir   TYPE localfile
                iv_local TYPE localfile
                iv_langu TYPE spras
                iv_pkg   TYPE i.
    METHODS run
      IMPORTING it_tabs TYPE ty_tab_range.

  PRIVATE SECTION.
    DATA: mv_folder  TYPE string,      " target folder incl. separator
          mv_to_pc   TYPE abap_bool,
          mv_langu   TYPE spras,
          mv_pkg     TYPE i,
          mv_special TYPE string,      " characters that force quoting
          mt_specs   TYPE ty_specs,
          mt_denied  TYPE string_table.

    METHODS define_tables.
    METHODS add_table
      IMPORTING iv_tabname   TYPE tabname
                iv_columns   TYPE string
                iv_where     TYPE string OPTIONAL
                iv_mandatory TYPE abap_bool DEFAULT abap_false.
    METHODS set_folder
      IMPORTING iv_dir   TYPE localfile
                iv_local TYPE localfile.
    METHODS get_columns
      IMPORTING is_spec    TYPE ty_spec
      EXPORTING et_columns TYPE string_table
                ev_problem TYPE string.
    METHODS may_read
      IMPORTING iv_tabname   TYPE tabname
      RETURNING VALUE(rv_ok) TYPE abap_bool.
    METHODS export_table
      IMPORTING is_spec    TYPE ty_spec
                it_columns TYPE string_table
      EXPORTING ev_rows    TYPE i
                ev_problem TYPE string.
    METHODS to_text
      IMPORTING iv_value       TYPE simple
      RETURNING VALUE(rv_text) TYPE string.
    METHODS quote_value
      CHANGING cv_text TYPE string.
ENDCLASS.

*----------------------------------------------------------------------*
CLASS lcl_extract IMPLEMENTATION.

  METHOD constructor.
    mv_langu = iv_langu.
    mv_pkg   = iv_pkg.

    " A tab, a line break or a double quote inside a value would break
    " the row; such values are quoted the way CSV/TSV readers expect.
    CONCATENATE cl_abap_char_utilities=>horizontal_tab
                cl_abap_char_utilities=>cr_lf
                '"'
           INTO mv_special.

    " Password hashes (current and old) must never leave the system.
    " Segra does not read them; this guard keeps an edited column list
    " from exporting them by mistake.
    SPLIT 'BCODE PASSCODE PWDSALTEDHASH OCOD1 OCOD2 OCOD3 OCOD4 OCOD5'
      AT space INTO TABLE mt_denied.

    set_folder( iv_dir = iv_dir iv_local = iv_local ).
    define_tables( ).
  ENDMETHOD.


  METHOD define_tables.
    DATA: lv_texts TYPE string,
          lv_tcode TYPE string.

    " Only one language: Segra reads one text per role and transaction.
    " AGR_TEXTS line 00000 holds the role's short description; higher
    " lines hold its long text.
    lv_texts = |SPRAS = '{ mv_langu }' AND LINE = '00000'|.
    lv_tcode = |SPRSL = '{ mv_langu }'|.

    add_table( iv_tabname = 'USR02' iv_mandatory = abap_true
         iv_columns = `BNAME USTYP UFLAG GLTGV GLTGB TRDAT CLASS CODVN PWDSTATE ERDAT` ).
    add_table( iv_tabname = 'AGR_USERS' iv_mandatory = abap_true
         iv_columns = `AGR_NAME UNAME FROM_DAT TO_DAT` ).
    " All rows, DELETED = 'X' included: Segra drops those itself.
    add_table( iv_tabname = 'AGR_1251' iv_mandatory = abap_true
         iv_columns = `AGR_NAME OBJECT AUTH FIELD LOW HIGH DELETED` ).
    add_table( iv_tabname = 'AGR_DEFINE' iv_columns = `AGR_NAME PARENT_AGR` ).
    add_table( iv_tabname = 'AGR_AGRS'   iv_columns = `AGR_NAME CHILD_AGR` ).
    add_table( iv_tabname = 'AGR_1252'   iv_columns = `AGR_NAME VARBL LOW HIGH` ).
    add_table( iv_tabname = 'AGR_TEXTS'  iv_columns = `AGR_NAME TEXT`
         iv_where   = lv_texts ).
    add_table( iv_tabname = 'AGR_1016'   iv_columns = `AGR_NAME PROFILE` ).
    add_table( iv_tabname = 'UST04'      iv_columns = `BNAME PROFILE` ).
    " Maintenance versions (AKTPS = 'P') are not what users hold.
    add_table( iv_tabname = 'UST10C' iv_columns = `PROFN SUBPROF AKTPS`
         iv_where   = `AKTPS = 'A'` ).
    add_table( iv_tabname = 'UST10S' iv_columns = `PROFN OBJCT AUTH AKTPS`
         iv_where   = `AKTPS = 'A'` ).
    add_table( iv_tabname = 'UST12'  iv_columns = `OBJCT AUTH FIELD VON BIS AKTPS`
         iv_where   = `AKTPS = 'A'` ).
    add_table( iv_tabname = 'USREFUS'   iv_columns = `BNAME REFUSER` ).
    add_table( iv_tabname = 'USR06'     iv_columns = `BNAME LIC_TYPE` ).
    add_table( iv_tabname = 'USER_ADDR'
         iv_columns = `BNAME NAME_FIRST NAME_LAST NAME_TEXTC DEPARTMENT SMTP_ADDR` ).
    add_table( iv_tabname = 'TSTCT' iv_columns = `TCODE TTEXT` iv_where = lv_tcode ).
    add_table( iv_tabname = 'TSTCA' iv_columns = `TCODE OBJCT FIELD VALUE` ).
    add_table( iv_tabname = 'CVERS' iv_columns = `COMPONENT RELEASE EXTRELEASE` ).
    " T000 is cross-client: a plain SELECT returns every client.
    add_table( iv_tabname = 'T000'
         iv_columns = `MANDT CCCATEGORY CCCORACTIV CCNOCLIIND` ).
  ENDMETHOD.


  METHOD add_table.
    DATA ls_spec TYPE ty_spec.
    ls_spec-tabname   = iv_tabname.
    ls_spec-columns   = iv_columns.
    ls_spec-condition = iv_where.
    ls_spec-mandatory = iv_mandatory.
    APPEND ls_spec TO mt_specs.
  ENDMETHOD.


  METHOD set_folder.
    DATA: lv_sep  TYPE c LENGTH 1,
          lv_last TYPE i.

    IF iv_local IS NOT INITIAL.
      mv_to_pc  = abap_true.
      mv_folder = iv_local.
      cl_gui_frontend_services=>get_file_separator(
        CHANGING   file_separator = lv_sep
        EXCEPTIONS OTHERS         = 1 ).
      IF sy-subrc = 0.
        cl_gui_cfw=>flush( EXCEPTIONS OTHERS = 1 ).
      ENDIF.
      IF lv_sep IS INITIAL.
        lv_sep = '\'.
      ENDIF.
    ELSE.
      mv_to_pc  = abap_false.
      mv_folder = iv_dir.
      " A path written with backslashes only is a Windows server path.
      IF mv_folder CA '\' AND NOT mv_folder CA '/'.
        lv_sep = '\'.
      ELSE.
        lv_sep = '/'.
      ENDIF.
    ENDIF.

    lv_last = strlen( mv_folder ) - 1.
    IF lv_last >= 0 AND mv_folder+lv_last(1) <> lv_sep.
      CONCATENATE mv_folder lv_sep INTO mv_folder.
    ENDIF.
  ENDMETHOD.


  METHOD run.
    DATA: ls_spec    TYPE ty_spec,
          lt_columns TYPE string_table,
          lv_rows    TYPE i,
          lv_problem TYPE string,
          lv_missing TYPE abap_bool.

    WRITE: / 'Segra extract: system', sy-sysid, 'client', sy-mandt,
             'date', sy-datum.
    WRITE: / 'Target:', mv_folder.
    ULINE.

    LOOP AT mt_specs INTO ls_spec WHERE tabname IN it_tabs.
      " Progress is shown between tables only: inside the SELECT loop a
      " round trip to SAP GUI would end the database cursor.
      CALL FUNCTION 'SAPGUI_PROGRESS_INDICATOR'
        EXPORTING
          text = ls_spec-tabname.

      CLEAR: lv_rows, lv_problem, lt_columns.
      get_columns( EXPORTING is_spec    = ls_spec
                   IMPORTING et_columns = lt_columns
                             ev_problem = lv_problem ).
      IF lv_problem IS INITIAL AND may_read( ls_spec-tabname ) = abap_false.
        lv_problem = 'no display authorisation (S_TABU_DIS / S_TABU_NAM)'.
      ENDIF.
      IF lv_problem IS INITIAL.
        export_table( EXPORTING is_spec    = ls_spec
                                it_columns = lt_columns
                      IMPORTING ev_rows    = lv_rows
                                ev_problem = lv_problem ).
      ENDIF.

      IF lv_problem IS INITIAL.
        WRITE: / ls_spec-tabname, lv_rows, 'rows written'.
      ELSE.
        WRITE: / ls_spec-tabname, 'NOT WRITTEN:', lv_problem.
        IF ls_spec-mandatory = abap_true.
          lv_missing = abap_true.
        ENDIF.
      ENDIF.
    ENDLOOP.

    IF lv_missing = abap_true.
      ULINE.
      WRITE: / 'USR02, AGR_USERS and AGR_1251 are required:',
               'Segra rejects an extract without them.'.
    ENDIF.
  ENDMETHOD.


  METHOD get_columns.
    DATA: lv_name   TYPE ddobjname,
          lt_dfies  TYPE STANDARD TABLE OF dfies,
          lt_wanted TYPE string_table,
          lv_col    TYPE string.

    CLEAR: et_columns, ev_problem.
    lv_name = is_spec-tabname.
    CALL FUNCTION 'DDIF_FIELDINFO_GET'
      EXPORTING
        tabname        = lv_name
      TABLES
        dfies_tab      = lt_dfies
      EXCEPTIONS
        not_found      = 1
        internal_error = 2
        OTHERS         = 3.
    IF sy-subrc <> 0.
      ev_problem = 'table not found in this system'.
      RETURN.
    ENDIF.

    SPLIT is_spec-columns AT space INTO TABLE lt_wanted.

    " The client column lets Segra tell clients apart (--client).
    READ TABLE lt_dfies TRANSPORTING NO FIELDS WITH KEY fieldname = 'MANDT'.
    IF sy-subrc = 0.
      READ TABLE lt_wanted TRANSPORTING NO FIELDS WITH KEY table_line = 'MANDT'.
      IF sy-subrc <> 0.
        lv_col = 'MANDT'.
        INSERT lv_col INTO lt_wanted INDEX 1.
      ENDIF.
    ENDIF.

    LOOP AT lt_wanted INTO lv_col.
      READ TABLE mt_denied TRANSPORTING NO FIELDS WITH KEY table_line = lv_col.
      IF sy-subrc = 0.
        CONCATENATE 'refused: column' lv_col 'holds password hashes'
               INTO ev_problem SEPARATED BY space.
        CLEAR et_columns.
        RETURN.
      ENDIF.
      READ TABLE lt_dfies TRANSPORTING NO FIELDS WITH KEY fieldname = lv_col.
      IF sy-subrc = 0.
        APPEND lv_col TO et_columns.
      ELSE.
        " A release without this column still yields a usable file:
        " Segra reads optional columns as empty and names any missing
        " required column when it loads the file.
        WRITE: / '   note:', is_spec-tabname, 'has no column', lv_col.
      ENDIF.
    ENDLOOP.

    IF et_columns IS INITIAL.
      ev_problem = 'none of the columns exists'.
    ENDIF.
  ENDMETHOD.


  METHOD may_read.
    DATA lv_view TYPE dd25v-viewname.

    " The same display check the table tools make: S_TABU_DIS on the
    " table's authorisation group and, in releases that have it,
    " S_TABU_NAM on the table name. The report shows nobody more than
    " SE16 would show them.
    lv_view = iv_tabname.
    CALL FUNCTION 'VIEW_AUTHORITY_CHECK'
      EXPORTING
        view_action                    = 'S'
        view_name                      = lv_view
        no_warning_for_clientindep     = 'X'
      EXCEPTIONS
        invalid_action                 = 1
        no_authority                   = 2
        no_clientindependent_authority = 3
        table_not_found                = 4
        no_linedependent_authority     = 5
        OTHERS                         = 6.
    rv_ok = boolc( sy-subrc = 0 ).
  ENDMETHOD.


  METHOD export_table.
    DATA: lr_package TYPE REF TO data,
          lv_fields  TYPE string,
          lv_file    TYPE string,
          lv_line    TYPE string,
          lv_text    TYPE string,
          lv_col     TYPE string,
          lt_values  TYPE string_table,
          lt_lines   TYPE string_table,
          lv_opened  TYPE abap_bool,
          lx_error   TYPE REF TO cx_root.
    FIELD-SYMBOLS: <lt_package> TYPE STANDARD TABLE,
                   <ls_row>     TYPE any,
                   <lv_value>   TYPE simple.

    CLEAR: ev_rows, ev_problem.
    CONCATENATE LINES OF it_columns INTO lv_fields SEPARATED BY space.
    CONCATENATE mv_folder is_spec-tabname '.txt' INTO lv_file.

    TRY.
        " The package table has the table's full row type, but only the
        " listed columns are read from the database (CORRESPONDING
        " FIELDS with a column list), so hash fields are never fetched.
        CREATE DATA lr_package TYPE STANDARD TABLE OF (is_spec-tabname).
        ASSIGN lr_package->* TO <lt_package>.

        CONCATENATE LINES OF it_columns INTO lv_line
          SEPARATED BY cl_abap_char_utilities=>horizontal_tab.

        IF mv_to_pc = abap_false.
          " OPEN DATASET itself checks S_DATASET for this program and path.
          OPEN DATASET lv_file FOR OUTPUT IN TEXT MODE ENCODING UTF-8.
          IF sy-subrc <> 0.
            CONCATENATE 'cannot open' lv_file INTO ev_problem
              SEPARATED BY space.
            RETURN.
          ENDIF.
          lv_opened = abap_true.
          TRANSFER lv_line TO lv_file.
        ELSE.
          APPEND lv_line TO lt_lines.
        ENDIF.

        " PACKAGE SIZE keeps memory flat for AGR_1251 (millions of rows):
        " only one package of rows is held at a time.
        SELECT (lv_fields) FROM (is_spec-tabname)
          INTO CORRESPONDING FIELDS OF TABLE <lt_package>
          PACKAGE SIZE mv_pkg
          WHERE (is_spec-condition).

          LOOP AT <lt_package> ASSIGNING <ls_row>.
            CLEAR lt_values.
            LOOP AT it_columns INTO lv_col.
              ASSIGN COMPONENT lv_col OF STRUCTURE <ls_row> TO <lv_value>.
              lv_text = to_text( <lv_value> ).
              quote_value( CHANGING cv_text = lv_text ).
              APPEND lv_text TO lt_values.
            ENDLOOP.
            CONCATENATE LINES OF lt_values INTO lv_line
              SEPARATED BY cl_abap_char_utilities=>horizontal_tab.

            IF mv_to_pc = abap_false.
              TRANSFER lv_line TO lv_file.
            ELSE.
              " Calling SAP GUI here would trigger an implicit database
              " commit and end the SELECT loop's cursor, so PC lines are
              " collected and downloaded after ENDSELECT. Memory grows
              " with the table: use P_DIR for large systems.
              APPEND lv_line TO lt_lines.
            ENDIF.
            ev_rows = ev_rows + 1.
          ENDLOOP.
        ENDSELECT.

        IF mv_to_pc = abap_false.
          CLOSE DATASET lv_file.
        ELSE.
          cl_gui_frontend_services=>gui_download(
            EXPORTING
              filename = lv_file
              filetype = 'ASC'
              codepage = '4110'             " UTF-8
            CHANGING
              data_tab = lt_lines
            EXCEPTIONS
              OTHERS   = 1 ).
          IF sy-subrc <> 0.
            ev_problem = 'download to the PC failed'.
          ENDIF.
        ENDIF.

      CATCH cx_sy_create_data_error
            cx_sy_dynamic_osql_error
            cx_sy_open_sql_db
            cx_sy_file_access_error
            cx_sy_codepage_converter_init
            cx_sy_conversion_codepage INTO lx_error.
        ev_problem = lx_error->get_text( ).
        IF lv_opened = abap_true.
          " A truncated file would load as if complete and silently
          " under-report risks, so it is removed.
          TRY.
              CLOSE DATASET lv_file.
              DELETE DATASET lv_file.
            CATCH cx_sy_file_access_error.
              " The run list already says the table was not written;
              " the file must then be deleted by hand.
              CONCATENATE ev_problem '(partial file left in place)'
                     INTO ev_problem SEPARATED BY space.
          ENDTRY.
        ENDIF.
    ENDTRY.
  ENDMETHOD.


  METHOD to_text.
    DATA: lv_kind TYPE c LENGTH 1,
          lv_int  TYPE p LENGTH 16 DECIMALS 0,
          lv_dec  TYPE decfloat34.

    " No WRITE ... TO (it applies the user's date and number formats)
    " and no CONDENSE (it would remove leading blanks): values go out as
    " stored. Trailing blanks of CHAR fields cannot be kept because ABAP
    " does not distinguish them; a field holding one space is the same
    " as an empty field (see docs/extracting-data.md, blank values).
    DESCRIBE FIELD iv_value TYPE lv_kind.
    CASE lv_kind.
      WHEN 'I' OR 'b' OR 's' OR '8'.    " INT4, INT1, INT2, INT8
        " A string template puts the sign in front ('-2') and adds no
        " thousands separators, whatever the user's settings.
        lv_int  = iv_value.
        rv_text = |{ lv_int }|.
      WHEN 'P' OR 'F' OR 'a' OR 'e'.    " packed, float, decfloat
        lv_dec  = iv_value.
        rv_text = |{ lv_dec }|.
      WHEN OTHERS.
        " C, N, D, T: moved unchanged, so dates stay YYYYMMDD and
        " leading blanks and leading zeros are kept.
        rv_text = iv_value.
    ENDCASE.
  ENDMETHOD.


  METHOD quote_value.
    IF cv_text CA mv_special.
      REPLACE ALL OCCURRENCES OF '"' IN cv_text WITH '""'.
      CONCATENATE '"' cv_text '"' INTO cv_text.
    ENDIF.
  ENDMETHOD.

ENDCLASS.

*----------------------------------------------------------------------*
DATA go_extract TYPE REF TO lcl_extract.

AT SELECTION-SCREEN ON VALUE-REQUEST FOR p_local.
  cl_gui_frontend_services=>directory_browse(
    CHANGING   selected_folder = gv_folder
    EXCEPTIONS OTHERS          = 1 ).
  IF sy-subrc = 0 AND gv_folder IS NOT INITIAL.
    p_local = gv_folder.
  ENDIF.

START-OF-SELECTION.
  IF ( p_dir IS INITIAL AND p_local IS INITIAL )
  OR ( p_dir IS NOT INITIAL AND p_local IS NOT INITIAL ).
    MESSAGE 'Fill exactly one of P_DIR (server) and P_LOCAL (PC).'
      TYPE 'S' DISPLAY LIKE 'E'.
    RETURN.
  ENDIF.
  IF p_local IS NOT INITIAL AND sy-batch = abap_true.
    " A background job has no SAP GUI to download to.
    MESSAGE 'P_LOCAL needs SAP GUI; in background use P_DIR.'
      TYPE 'S' DISPLAY LIKE 'E'.
    RETURN.
  ENDIF.
  IF p_pkg <= 0.
    MESSAGE 'P_PKG must be a positive number of rows.'
      TYPE 'S' DISPLAY LIKE 'E'.
    RETURN.
  ENDIF.

  CREATE OBJECT go_extract
    EXPORTING
      iv_dir   = p_dir
      iv_local = p_local
      iv_langu = p_langu
      iv_pkg   = p_pkg.
  go_extract->run( s_tab[] ).
