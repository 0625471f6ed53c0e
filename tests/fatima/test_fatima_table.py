"""The table a Fatima game is played at, as the command line sets it up."""


def test_the_table_has_no_mixes_to_choose(tmp_path):
    from click.testing import CliRunner

    from narrator.cli import main

    result = CliRunner().invoke(main, ["--saves", str(tmp_path), "play", "fatima", "--mix", "2"], input="")
    assert result.exit_code == 1
    assert result.stderr == "Error: The Fatima Unveiling Game is played without --mix: leave it out.\n"
    assert not list(tmp_path.glob("*.toml"))   # nothing was saved
